import { bidMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotificationsSocket, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import type { TestApp } from '../../support/build-app.ts';
import { type BidsUser, bidsHelpers, startBidsApp } from './bids-support.ts';

describe('bids: history, notices, live channel and concurrency', () => {
  let t: TestApp, seller: BidsUser, ana: BidsUser, beto: BidsUser;
  beforeAll(async () => void ({ t, seller, ana, beto } = await startBidsApp()));
  afterAll(() => t?.close());

  const { bid, newAuction, race } = bidsHelpers(() => ({ t, seller }));

  it('lists the history newest first', async () => {
    const { auction, products } = await newAuction();
    const p = products[0]!.id;
    for (const [token, amount] of [
      [ana.token, 10],
      [beto.token, 20],
      [ana.token, 30],
    ] as const) {
      expect((await bid(token, { amount, auction_id: auction.id, product_id: p })).status).toBe(201);
    }
    const history = await t.request('GET', `/api/bids/get_bids_by_auction/${auction.id}/${p}`, {
      token: ana.token,
    });
    expect(history.body.map((b: any) => [b.username, b.amount])).toEqual([
      ['ana', 30],
      ['beto', 20],
      ['ana', 10],
    ]);

    // A race with no bids yet is an empty history; one that does not exist is a 404.
    const quiet = await newAuction({ productCount: 1 });
    const empty = await t.request(
      'GET',
      `/api/bids/get_bids_by_auction/${quiet.auction.id}/${quiet.products[0]!.id}`,
      { token: ana.token },
    );
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    for (const [path, message] of [
      [`/api/bids/get_bids_by_auction/999999/${p}`, 'No se encontró la subasta'],
      [`/api/bids/get_bids_by_auction/${auction.id}/999999`, 'El producto no pertenece a esta subasta'],
    ] as const) {
      const missing = await t.request('GET', path, { token: ana.token });
      expect(missing.status, path).toBe(404);
      expect(missing.body.message).toBe(message);
    }
  });

  it('notifies the previous highest bidder when outbid, not a bidder raising their own bid', async () => {
    const { auction, products } = await newAuction({ title: 'Clásicos' });
    const p = products[0]!.id;
    const unread = async (token: string) =>
      (await t.request('GET', '/api/notifications/totals_unread', { token })).body.total as number;
    const anaBefore = await unread(ana.token);
    await bid(ana.token, { amount: 100, auction_id: auction.id, product_id: p });
    await bid(ana.token, { amount: 200, auction_id: auction.id, product_id: p });
    expect(await unread(ana.token)).toBe(anaBefore);

    const socket = await openNotificationsSocket(t.url, ana.token);
    await socket.waitFor((m) => m.message === 'unread_count');
    expect((await bid(beto.token, { amount: 300, auction_id: auction.id, product_id: p })).status).toBe(201);
    expect(await unread(ana.token)).toBe(anaBefore + 1);
    const pushed = await socket.waitFor((m) => m.message === 'notification');
    expect(pushed.notification).toMatchObject({
      type: 'outbid',
      title: 'Te han superado en una puja',
      is_read: false,
      link: `/auctions/product/${p}`,
    });
    expect(pushed.notification.message).toContain('$300');
    expect(pushed.notification.message).toContain('Clásicos');
    await socket.waitFor((m) => m.message === 'unread_count' && m.total === anaBefore + 1);
    await socket.close();
  });

  it('sends new_bid on the live channel to every subscriber of the product only', async () => {
    const { auction, products } = await newAuction();
    const [p1, p2] = [products[0]!.id, products[1]!.id];
    const path = (p: number) => `/auctions/api/bids/ws/bids/${auction.id}/${p}`;
    const a = await openSocket(wsUrl(t.url, path(p1)));
    const b = await openSocket(wsUrl(t.url, path(p1)));
    const other = await openSocket(wsUrl(t.url, path(p2)));

    const res = await bid(ana.token, { amount: 42, auction_id: auction.id, product_id: p1 });
    expect(res.status).toBe(201);
    for (const s of [a, b]) {
      const m = await s.waitFor((x) => x.message === 'new_bid');
      expect(m.bid).toEqual({
        id: res.body.id,
        amount: 42,
        timestamp: res.body.timestamp,
        username: 'ana',
        avatar: null,
        auto: false,
      });
    }
    // One bid shape: the live message's bid is the history entry and the answer's bid fields.
    const live = a.messages[0]!;
    const history = await t.request('GET', `/api/bids/get_bids_by_auction/${auction.id}/${p1}`, {
      token: beto.token,
    });
    expect(history.body).toEqual([live.bid]);
    const { auction_id, product_id, highest_bid, bid_count, end_time, message, ...answerBid } = res.body;
    expect(answerBid).toEqual(live.bid);
    expect({ auction_id, product_id, highest_bid, bid_count, end_time }).toEqual({
      auction_id: live.auction_id,
      product_id: live.product_id,
      highest_bid: live.highest_bid,
      bid_count: live.bid_count,
      end_time: live.end_time,
    });
    expect(message).toBe('¡Puja realizada con éxito!');
    // A rejected bid sends nothing.
    await bid(beto.token, { amount: 1, auction_id: auction.id, product_id: p1 });
    await new Promise((r) => setTimeout(r, 150));
    expect(a.messages).toHaveLength(1);
    expect(other.messages).toHaveLength(0);

    // Closing unsubscribes: later bids still reach the others.
    await a.close();
    await bid(beto.token, { amount: 50, auction_id: auction.id, product_id: p1 });
    await b.waitFor((x) => x.message === 'new_bid' && x.bid.amount === 50);
    await b.close();
    await other.close();
  });

  it('greets each live subscriber with the bid count read once its subscription is in force', async () => {
    const { auction, products } = await newAuction();
    const [p1, p2] = [products[0]!.id, products[1]!.id];
    const path = (p: number) => `/auctions/api/bids/ws/bids/${auction.id}/${p}`;
    for (const amount of [10, 20]) {
      expect((await bid(ana.token, { amount, auction_id: auction.id, product_id: p1 })).status).toBe(201);
    }
    const late = await openSocket(wsUrl(t.url, path(p1)));
    // A page read before this moment that counts fewer than 2 bids knows it missed some.
    expect(await late.subscribed()).toEqual({ message: 'subscribed', bid_count: 2 });
    // Every bid after the greeting arrives live.
    await bid(beto.token, { amount: 30, auction_id: auction.id, product_id: p1 });
    expect((await late.waitFor((m) => m.message === 'new_bid')).bid_count).toBe(3);
    expect(late.greetings).toHaveLength(1);
    // A product without bids, and one outside the auction, count none.
    const quiet = await openSocket(wsUrl(t.url, path(p2)));
    expect((await quiet.subscribed()).bid_count).toBe(0);
    const outside = await openSocket(wsUrl(t.url, `/auctions/api/bids/ws/bids/${auction.id}/999999`));
    expect((await outside.subscribed()).bid_count).toBe(0);
    for (const s of [late, quiet, outside]) await s.close();
  });

  it('closes a live channel with an invalid path', async () => {
    const s = await openSocket(wsUrl(t.url, '/auctions/api/bids/ws/bids/abc/-1'));
    expect(await s.closed).toBe(1008);
  });

  it('serializes concurrent bids: unique increasing amounts, correct highest, no 5xx', async () => {
    const { auction, products } = await newAuction({ minOffer: 100 }); // 1 peso, in centavos
    const p = products[0]!.id;
    const bidders = [ana, beto];
    for (let i = 0; i < 4; i++) bidders.push(await insertUserWithToken(t));

    // 60 bids at once; many share amounts, many are below each other.
    const amounts = Array.from({ length: 60 }, (_, i) => (1 + ((i * 7) % 30)) * 2);
    const responses = await Promise.all(
      amounts.map((amount, i) =>
        bid(bidders[i % bidders.length]!.token, { amount, auction_id: auction.id, product_id: p }),
      ),
    );
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of responses) expect([201, 400]).toContain(r.status);
    const accepted = responses.filter((r) => r.status === 201).map((r) => r.body.amount as number);
    expect(accepted.length).toBeGreaterThan(0);
    expect(new Set(accepted).size).toBe(accepted.length);

    const history = await t.ctx.db
      .selectFrom('bids')
      .selectAll()
      .where('auction_id', '=', auction.id)
      .where('product_id', '=', p)
      .orderBy('id')
      .execute();
    expect(history).toHaveLength(accepted.length);
    for (let i = 1; i < history.length; i++) {
      expect(history[i]!.amount).toBeGreaterThanOrEqual(history[i - 1]!.amount + 100);
      expect(history[i]!.created_at.getTime()).toBeGreaterThanOrEqual(history[i - 1]!.created_at.getTime());
    }
    const row = await race(auction.id, p);
    expect(row.highest_bid).toBe(Math.max(...accepted) * 100);
    expect(row.highest_bid).toBe(history.at(-1)!.amount);
    expect(row.highest_bidder_id).toBe(history.at(-1)!.user_id);
    expect(row.bid_count).toBe(accepted.length);
  });

  it('gives a tie to the earlier bid: the same amount at once is accepted exactly once', async () => {
    const { auction, products } = await newAuction();
    const p = products[0]!.id;
    const users = [ana, beto, ...(await Promise.all([1, 2, 3].map(() => insertUserWithToken(t))))];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        bid(users[i % users.length]!.token, { amount: 777, auction_id: auction.id, product_id: p }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const rejected = responses.filter((r) => r.status !== 201);
    expect(
      rejected.every(
        (r) => r.status === 400 && r.body.message === 'Tu puja debe ser mayor que la puja actual de $777',
      ),
    ).toBe(true);
    const winner = responses.find((r) => r.status === 201)!;
    const row = await race(auction.id, p);
    expect(row.highest_bid).toBe(77_700);
    expect(row.bid_count).toBe(1);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', winner.body.username)
      .executeTakeFirstOrThrow();
    expect(row.highest_bidder_id).toBe(user.id);
  });

  it('serializes 50 strictly increasing bids fired at once from several users', async () => {
    const { auction, products } = await newAuction({ maxOffer: 1000 * 100 });
    const p = products[0]!.id;
    const users = [ana, beto];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        bid(users[i % 2]!.token, { amount: (i + 1) * 10, auction_id: auction.id, product_id: p }),
      ),
    );
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    const accepted = responses.filter((r) => r.status === 201).map((r) => r.body);
    const byId = [...accepted].sort((x, y) => x.id - y.id);
    for (let i = 1; i < byId.length; i++) expect(byId[i].amount).toBeGreaterThan(byId[i - 1].amount);
    const row = await race(auction.id, p);
    expect(row.highest_bid).toBe(Math.max(...accepted.map((b) => b.amount)) * 100);
  });
  it('decides again under the lock when the race moved behind this process (another process bid)', async () => {
    const { auction, products } = await newAuction();
    const p = products[0]!.id;
    const carla = await insertUserWithToken(t, { username: 'carla' });
    // Characters that array and string literals treat specially, for the notices' text.
    const name = `Auto "GT" {1,2} \\ , 'x' NULL`;
    await t.ctx.db.updateTable('products').set({ name }).where('id', '=', p).execute();
    // The first bid reads the race under its lock; the process now remembers the race.
    expect((await bid(ana.token, { amount: 100, auction_id: auction.id, product_id: p })).status).toBe(201);
    // Another process places 150 for carla: it writes the bid and the race with a new stamp.
    await t.ctx.db
      .insertInto('bids')
      .values({
        auction_id: auction.id,
        product_id: p,
        user_id: carla.user.id,
        amount: 15_000,
        created_at: t.ctx.clock.now(),
      })
      .execute();
    await t.ctx.db
      .updateTable('auction_products')
      .set({ highest_bid: 15_000, highest_bidder_id: carla.user.id, bid_count: 2, race_stamp: 424242 })
      .where('auction_id', '=', auction.id)
      .where('product_id', '=', p)
      .execute();

    // 120 tops what this process remembers, not the race: it is refused against the real one.
    const stale = await bid(beto.token, { amount: 120, auction_id: auction.id, product_id: p });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(bidMessages.tooLow(150));
    expect(await race(auction.id, p)).toMatchObject({
      highest_bid: 15_000,
      highest_bidder_id: carla.user.id,
      bid_count: 2,
    });

    // The next bid counts from the real race, and carla (not ana) hears she was outbid.
    const next = await bid(beto.token, { amount: 200, auction_id: auction.id, product_id: p });
    expect(next.status).toBe(201);
    expect(next.body).toMatchObject({ highest_bid: 200, bid_count: 3 });
    expect(await race(auction.id, p)).toMatchObject({
      highest_bid: 20_000,
      highest_bidder_id: beto.user.id,
      bid_count: 3,
    });
    const amounts = await t.ctx.db
      .selectFrom('bids')
      .select('amount')
      .where('auction_id', '=', auction.id)
      .where('product_id', '=', p)
      .orderBy('id')
      .execute();
    expect(amounts.map((b) => b.amount)).toEqual([10_000, 15_000, 20_000]);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'message'])
      .where('type', '=', 'outbid')
      .where('link', '=', `/auctions/product/${p}`)
      .execute();
    expect(notices.map((n) => n.user_id)).toEqual([carla.user.id]);
    expect(notices[0]!.message).toContain(`"${name}"`);
  });
});
