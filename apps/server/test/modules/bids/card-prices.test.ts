import { CARD_SUBSCRIPTIONS_MAX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const PATH = '/auctions/api/bids/ws/cards';

describe('card prices channel', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let ana: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vendedora_cards' });
    ana = await insertUserWithToken(t, { username: 'ana_cards' });
  });
  afterAll(() => t?.close());

  const bid = async (auction_id: number, product_id: number, amount: number) => {
    const res = await t.request('POST', '/api/bids/create-bid', {
      token: ana.token,
      body: { auction_id, product_id, amount },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const newAuction = (productCount = 3) =>
    insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount,
      product: { base_price: 500_00 },
    });
  const open = async () => {
    const s = await openSocket(wsUrl(t.url, PATH));
    const arrivals: Array<{ message: any; at: number }> = [];
    s.socket.on('message', (data) => arrivals.push({ message: JSON.parse(String(data)), at: Date.now() }));
    const send = (message: unknown) => s.socket.send(JSON.stringify(message));
    let answered = 0;
    /** Sends one message and waits for its `watching` answer. */
    const apply = async (message: unknown) => {
      send(message);
      answered += 1;
      const want = answered;
      const deadline = Date.now() + 3000;
      while (s.messages.filter((m) => m.message === 'watching').length < want) {
        if (Date.now() > deadline) throw new Error(`no watching answer; got ${JSON.stringify(s.messages)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return s.messages.filter((m) => m.message === 'watching').at(-1);
    };
    const cards = (productId: number) =>
      s.messages.filter((m) => m.message === 'card' && m.product_id === productId);
    return { ...s, send, apply, cards, arrivals };
  };
  const refs = (auctionId: number, ids: number[]) =>
    ids.map((product_id) => ({ auction_id: auctionId, product_id }));

  it('sends each subscribed product its state at once, then its bids; unsubscribing stops them', async () => {
    const { auction, products } = await newAuction(3);
    const [p1, p2, p3] = products.map((p) => p.id) as [number, number, number];
    await bid(auction.id, p1, 700);
    const s = await open();
    expect(await s.apply({ type: 'subscribe', products: refs(auction.id, [p1, p2]) })).toEqual({
      message: 'watching',
      count: 2,
      max: CARD_SUBSCRIPTIONS_MAX,
    });
    // Read once the subscription is in force: the bid before it counts, the base price without bids.
    expect(s.cards(p1)).toEqual([
      expect.objectContaining({ auction_id: auction.id, price: 700, highest_bid: 700, bid_count: 1 }),
    ]);
    expect(s.cards(p2)).toEqual([
      expect.objectContaining({
        price: 500,
        highest_bid: 0,
        bid_count: 0,
        end_time: auction.end_time!.toISOString(),
      }),
    ]);
    // Subscribing again (a page back from sleep) sends the state again and watches nothing more.
    expect((await s.apply({ type: 'subscribe', products: refs(auction.id, [p1]) })).count).toBe(2);
    expect(s.cards(p1)).toHaveLength(2);

    await bid(auction.id, p2, 900);
    await bid(auction.id, p3, 900); // not watched
    const live = await s.waitFor((m) => m.message === 'card' && m.product_id === p2 && m.bid_count === 1);
    expect(live).toMatchObject({ price: 900, highest_bid: 900 });
    expect(s.cards(p3)).toEqual([]);

    expect((await s.apply({ type: 'unsubscribe', products: refs(auction.id, [p2]) })).count).toBe(1);
    await bid(auction.id, p2, 1000);
    // A later bid on a watched product arrives; the unwatched one's did not (same order on the bus).
    await bid(auction.id, p1, 1100);
    await s.waitFor((m) => m.message === 'card' && m.product_id === p1 && m.price === 1100);
    expect(s.cards(p2).map((m) => m.price)).toEqual([500, 900]);
    expect(s.cards(p1).at(-1)).toMatchObject({ price: 1100, bid_count: 2 });
    await s.close();
  });

  it('sends a burst at most once a second per product, the latest state last', async () => {
    const { auction, products } = await newAuction(1);
    const p = products[0]!.id;
    const s = await open();
    await s.apply({ type: 'subscribe', products: refs(auction.id, [p]) });
    const amounts = [1000, 1100, 1200, 1300, 1400];
    for (const amount of amounts) await bid(auction.id, p, amount);
    await s.waitFor((m) => m.message === 'card' && m.product_id === p && m.price === 1400, 4000);
    const updates = () => s.cards(p).slice(1);
    expect(updates().at(-1)).toMatchObject({ price: 1400, bid_count: amounts.length });
    // Every update carries a newer state; no two within the interval.
    const counts = updates().map((m) => m.bid_count);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(new Set(counts).size).toBe(counts.length);
    const arrivals = s.arrivals
      .filter((r) => r.message.message === 'card' && r.message.bid_count > 0)
      .map((r) => r.at);
    expect(arrivals.length).toBe(counts.length);
    for (let i = 1; i < arrivals.length; i++)
      expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(900);
    // Quiet for a second: the next bid goes at once.
    await new Promise((r) => setTimeout(r, 1100));
    const before = Date.now();
    await bid(auction.id, p, 1500);
    await s.waitFor((m) => m.message === 'card' && m.product_id === p && m.price === 1500, 800);
    expect(Date.now() - before).toBeLessThan(800);
    await s.close();
  });

  it('takes no more than the cap, nor products outside any auction, nor duplicates', async () => {
    const { auction, products } = await newAuction(2);
    const s = await open();
    const many = Array.from({ length: CARD_SUBSCRIPTIONS_MAX }, (_, i) => ({
      auction_id: auction.id,
      product_id: 900_000 + i,
    }));
    // Unknown races are not kept.
    expect((await s.apply({ type: 'subscribe', products: many })).count).toBe(0);
    const known = refs(auction.id, [products[0]!.id, products[0]!.id, products[1]!.id]);
    expect((await s.apply({ type: 'subscribe', products: known })).count).toBe(2);
    expect(s.cards(products[0]!.id)).toHaveLength(1);

    // Up to the cap per socket: fill it with real races from several auctions.
    const more: Array<{ auction_id: number; product_id: number }> = [];
    for (let i = 0; i < 25; i++) {
      const next = await newAuction(4);
      more.push(
        ...refs(
          next.auction.id,
          next.products.map((p) => p.id),
        ),
      );
    }
    expect((await s.apply({ type: 'subscribe', products: more.slice(0, 60) })).count).toBe(62);
    expect((await s.apply({ type: 'subscribe', products: more.slice(60) })).count).toBe(
      CARD_SUBSCRIPTIONS_MAX,
    );
    // What went beyond the cap sends nothing.
    const beyond = more.at(-1)!;
    expect(s.cards(beyond.product_id)).toEqual([]);
    // At the cap, a product already watched that comes after one refused still gets its state again.
    const watched = known[0]!;
    const before = s.cards(watched.product_id).length;
    expect((await s.apply({ type: 'subscribe', products: [beyond, watched] })).count).toBe(
      CARD_SUBSCRIPTIONS_MAX,
    );
    await s.waitFor(() => s.cards(watched.product_id).length === before + 1);
    await s.close();
  });

  it('takes no product of an auction that is not running, nor one taken down', async () => {
    const upcoming = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      status: 'upcoming',
      productCount: 1,
    });
    const running = await newAuction(2);
    const [kept, takenDown] = [running.products[0]!.id, running.products[1]!.id];
    await t.ctx.db
      .updateTable('products')
      .set({ taken_down_at: t.ctx.clock.now() })
      .where('id', '=', takenDown)
      .execute();
    const s = await open();
    const watching = await s.apply({
      type: 'subscribe',
      products: [
        ...refs(upcoming.auction.id, [upcoming.products[0]!.id]),
        ...refs(running.auction.id, [kept, takenDown]),
      ],
    });
    expect(watching.count).toBe(1);
    expect(s.cards(kept)).toHaveLength(1);
    expect(s.cards(takenDown)).toEqual([]);
    await s.close();
  });

  it.each([
    ['not JSON', 'subscribe me'],
    ['an unknown type', JSON.stringify({ type: 'flood', products: [{ auction_id: 1, product_id: 1 }] })],
    ['an extra field', JSON.stringify({ type: 'subscribe', products: [], admin: true })],
    ['no products', JSON.stringify({ type: 'subscribe', products: [] })],
    ['a bad id', JSON.stringify({ type: 'subscribe', products: [{ auction_id: -1, product_id: 'x' }] })],
    [
      'a fractional id',
      JSON.stringify({ type: 'subscribe', products: [{ auction_id: 1.5, product_id: 2 }] }),
    ],
    [
      'more products than the cap',
      JSON.stringify({
        type: 'subscribe',
        products: Array.from({ length: CARD_SUBSCRIPTIONS_MAX + 1 }, (_, i) => ({
          auction_id: 1,
          product_id: i + 1,
        })),
      }),
    ],
    [
      'a prototype key',
      '{"type":"subscribe","products":[{"auction_id":1,"product_id":2,"__proto__":{"x":1}}]}',
    ],
  ])('closes the socket on %s (1008)', async (_name, raw) => {
    const s = await open();
    s.socket.send(raw);
    expect(await s.closed).toBe(1008);
  });

  it('closes the socket on an oversized message (1009) and on a flood of messages (1008)', async () => {
    const big = await open();
    big.socket.send(JSON.stringify({ type: 'subscribe', products: [], pad: 'x'.repeat(20_000) }));
    expect(await big.closed).toBe(1009);

    const { auction, products } = await newAuction(1);
    const flood = await open();
    const message = JSON.stringify({ type: 'unsubscribe', products: refs(auction.id, [products[0]!.id]) });
    for (let i = 0; i < 200; i++) flood.socket.send(message);
    expect(await flood.closed).toBe(1008);
  });

  it('lets go of a product once its last watcher leaves or closes', async () => {
    const { auction, products } = await newAuction(1);
    const p = products[0]!.id;
    const a = await open();
    const b = await open();
    await a.apply({ type: 'subscribe', products: refs(auction.id, [p]) });
    await b.apply({ type: 'subscribe', products: refs(auction.id, [p]) });
    await a.apply({ type: 'unsubscribe', products: refs(auction.id, [p]) });
    await bid(auction.id, p, 2000);
    await b.waitFor((m) => m.message === 'card' && m.price === 2000);
    expect(a.cards(p)).toHaveLength(1);
    await b.close();
    // With every watcher gone, a new one starts from a fresh read.
    await bid(auction.id, p, 2100);
    const c = await open();
    await c.apply({ type: 'subscribe', products: refs(auction.id, [p]) });
    expect(c.cards(p)).toEqual([expect.objectContaining({ price: 2100, bid_count: 2 })]);
    await a.close();
    await c.close();
  });
});
