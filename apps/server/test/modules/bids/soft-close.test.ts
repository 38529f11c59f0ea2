import { bidMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

// Soft close with the default window of 120 seconds.
describe('soft close', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let ana: Awaited<ReturnType<typeof insertUserWithToken>>;
  let beto: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'sc_vendedora' });
    ana = await insertUserWithToken(t, { username: 'sc_ana' });
    beto = await insertUserWithToken(t, { username: 'sc_beto' });
  });
  afterAll(() => t?.close());

  const bid = (token: string, auction_id: number, product_id: number, amount: number) =>
    t.request('POST', '/api/bids/create-bid', { token, body: { amount, auction_id, product_id } });
  const page = async (productId: number) =>
    (await t.request('GET', `/api/auctions/get_auction_product_by_id/${productId}`, { token: ana.token }))
      .body;
  const ms = (iso: string) => new Date(iso).getTime();

  /** An auction of two products (reserve $100) ending `secondsLeft` from now. */
  async function ending(secondsLeft: number) {
    const now = t.ctx.clock.now();
    return insertAuction(t.ctx.db, seller.user.id, {
      now,
      productCount: 2,
      startTime: new Date(now.getTime() - 3600_000),
      endTime: new Date(now.getTime() + secondsLeft * 1000),
      product: { reserve_price: 100_00 },
    });
  }

  it('a bid with more than the window left moves nothing', async () => {
    const { auction, products } = await ending(121);
    const res = await bid(ana.token, auction.id, products[0]!.id, 150);
    expect(res.status).toBe(201);
    expect(res.body.end_time).toBe(auction.end_time!.toISOString());
    expect((await page(products[0]!.id)).end_time).toBe(auction.end_time!.toISOString());
  });

  it('a late accepted bid moves only its product to bid time + 120 s, everywhere', async () => {
    const { auction, products } = await ending(30);
    const [p1, p2] = [products[0]!.id, products[1]!.id];
    const live = await openSocket(wsUrl(t.url, `/auctions/api/bids/ws/bids/${auction.id}/${p1}`));

    const res = await bid(ana.token, auction.id, p1, 150);
    expect(res.status).toBe(201);
    const newEnd = ms(res.body.timestamp) + 120_000;
    expect(ms(res.body.end_time)).toBe(newEnd);

    const message = await live.waitFor((m) => m.message === 'new_bid');
    expect(ms(message.end_time)).toBe(newEnd);
    await live.close();

    const first = await page(p1);
    expect(ms(first.end_time)).toBe(newEnd);
    expect(ms(first.products[0].end_time)).toBe(newEnd);
    // The sibling keeps the auction's original end.
    const second = await page(p2);
    expect(second.end_time).toBe(auction.end_time!.toISOString());
    // The auction's end in lists is the latest end of its products.
    const list = await t.request('GET', `/api/auctions/get_auction_by_seller_id/${seller.user.id}`);
    const listed = list.body.items.find((a: any) => a.id === auction.id);
    expect(ms(listed.end_time)).toBe(newEnd);
    const all = await t.request('GET', `/api/auctions/get_products_by_auction_id/${auction.id}`, {
      token: beto.token,
    });
    expect(all.body.products.map((p: any) => p.end_time)).toEqual([
      new Date(newEnd).toISOString(),
      auction.end_time!.toISOString(),
    ]);
  });

  it('a rejected late bid moves nothing', async () => {
    const { auction, products } = await ending(30);
    const p1 = products[0]!.id;
    expect((await bid(ana.token, auction.id, p1, 150)).status).toBe(201);
    const extended = (await page(p1)).end_time;
    t.ctx.clock.advance(100); // 20 s left of the extension
    const rejected = await bid(beto.token, auction.id, p1, 100);
    expect(rejected.status).toBe(400);
    expect((await page(p1)).end_time).toBe(extended);
  });

  it('each product closes at its own end; the auction ends with its last product', async () => {
    const { auction, products } = await ending(60);
    const [p1, p2] = [products[0]!.id, products[1]!.id];
    expect((await bid(ana.token, auction.id, p2, 200)).status).toBe(201); // extends p2 only
    await t.advanceClock(50);
    // About 10 s left on p1 and 70 s on p2: a bid on p1 moves it to now + 120 s.
    const late = await bid(beto.token, auction.id, p1, 300);
    expect(late.status).toBe(201);
    expect(ms(late.body.end_time)).toBe(ms(late.body.timestamp) + 120_000);

    await t.advanceClock(75); // p2's end (its bid + 120 s) has passed; p1 runs about 45 s more
    const rows = async () =>
      t.ctx.db
        .selectFrom('auction_products')
        .select(['product_id', 'outcome'])
        .where('auction_id', '=', auction.id)
        .orderBy('product_id')
        .execute();
    expect(await rows()).toEqual([
      { product_id: p1, outcome: null },
      { product_id: p2, outcome: 'won' },
    ]);
    const status = async () =>
      (
        await t.ctx.db
          .selectFrom('auctions')
          .select('status')
          .where('id', '=', auction.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('active');
    const payments = () =>
      t.ctx.db
        .selectFrom('payments')
        .select(['product_id', 'buyer_id', 'amount'])
        .where('auction_id', '=', auction.id)
        .orderBy('product_id')
        .execute();
    expect(await payments()).toEqual([{ product_id: p2, buyer_id: ana.user.id, amount: 200_00 }]);
    // The closed product takes no more bids; the extended one does (and extends again).
    const closed = await bid(beto.token, auction.id, p2, 500);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(bidMessages.auctionEnded);
    const again = await bid(ana.token, auction.id, p1, 400);
    expect(again.status).toBe(201);
    expect(ms(again.body.end_time)).toBe(ms(again.body.timestamp) + 120_000);

    await t.advanceClock(121);
    expect(await rows()).toEqual([
      { product_id: p1, outcome: 'won' },
      { product_id: p2, outcome: 'won' },
    ]);
    expect(await status()).toBe('ended');
    expect(await payments()).toEqual([
      { product_id: p1, buyer_id: ana.user.id, amount: 400_00 },
      { product_id: p2, buyer_id: ana.user.id, amount: 200_00 },
    ]);
    const ended = await t.ctx.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', seller.user.id)
      .where('type', '=', 'auction_ended')
      .execute();
    expect(ended.filter((n) => n.message.includes(auction.title) && n.message.includes('$400'))).toHaveLength(
      1,
    );
    const after = await bid(beto.token, auction.id, p1, 900);
    expect(after.status).toBe(409);
  });

  it('SOFT_CLOSE_SECONDS is read from the environment; 0 turns it off', async () => {
    const off = await startTestApp({ env: { SOFT_CLOSE_SECONDS: '0' } });
    try {
      const s = await insertUserWithToken(off, { is_seller: true, username: 'sc_off_v' });
      const b = await insertUserWithToken(off, { username: 'sc_off_b' });
      const now = off.ctx.clock.now();
      const { auction, products } = await insertAuction(off.ctx.db, s.user.id, {
        now,
        startTime: new Date(now.getTime() - 3600_000),
        endTime: new Date(now.getTime() + 5000),
      });
      const res = await off.request('POST', '/api/bids/create-bid', {
        token: b.token,
        body: { amount: 10, auction_id: auction.id, product_id: products[0]!.id },
      });
      expect(res.status).toBe(201);
      expect(res.body.end_time).toBe(auction.end_time!.toISOString());
    } finally {
      await off.close();
    }
  });
});
