import { trustMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import type { TestUser } from '../../factories/sales.ts';
import { insertUser, insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';

const DAY_MS = 24 * 3600_000;
const SHARED = '10.50.0.7';

/** The operators' shill-bidding signals: who shows up, with what evidence, and what confirming does. */
describe('shill-bidding signals', { timeout: 120_000 }, () => {
  let t: TestApp;
  let operator: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    operator = await insertOperator(t, 'sen_operadora');
    stranger = await insertUserWithToken(t, { username: 'sen_curioso' });
  }, 60_000);
  afterAll(() => t?.close());

  const signals = async () => {
    const res = await t.request('GET', '/api/admin/signals?size=100', { token: operator.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: any[]; meta: { total: number } };
  };
  const rowOf = (items: any[], seller: string, bidder: string) =>
    items.find((i) => i.seller_username === seller && i.bidder_username === bidder);
  const loginFrom = async (user: { email: string }, address: string) => {
    const res = await t.request('POST', '/api/users/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': address },
    });
    expect(res.status).toBe(200);
    return res.body.jwt_token as string;
  };
  const running = (ownerId: number, productCount = 1) =>
    insertAuction(t.ctx.db, ownerId, {
      now: t.ctx.clock.now(),
      productCount,
      endTime: new Date(t.ctx.clock.now().getTime() + 10 * DAY_MS),
    });
  /** Bids of `userId` on each product given, straight into the table (amounts unique per product). */
  let amount = 1_000;
  async function pastBids(userId: number, races: Array<{ auctionId: number; productId: number }>) {
    const at = t.ctx.clock.now().getTime() - 3600_000;
    await t.ctx.db
      .insertInto('bids')
      .values(
        races.map((r, i) => ({
          auction_id: r.auctionId,
          product_id: r.productId,
          user_id: userId,
          amount: (amount += 1_000) * 100,
          created_at: new Date(at + i * 1000),
        })),
      )
      .execute();
  }
  /** `n` bids of `userId` on products of `sellerId`'s auction (one auction of n products). */
  async function bidsOn(sellerId: number, userId: number, n: number) {
    if (n === 0) return;
    const { auction, products } = await running(sellerId, n);
    await pastBids(
      userId,
      products.map((p) => ({ auctionId: auction.id, productId: p.id })),
    );
  }

  it('is for operators only', async () => {
    expect((await t.request('GET', '/api/admin/signals')).status).toBe(401);
    expect((await t.request('GET', '/api/admin/signals', { token: stranger.token })).status).toBe(403);
    const confirm = await t.request('POST', '/api/admin/signals/confirm', {
      token: stranger.token,
      body: { seller_username: 'sen_curioso', bidder_username: 'sen_operadora' },
    });
    expect(confirm.status).toBe(403);
  });

  it('shows a bidder who used an address the seller also used in the last 30 days, with the evidence', async () => {
    const seller = await insertUser(t.ctx.db, { is_seller: true, username: 'sen_vendedor_ip' });
    const bidder = await insertUser(t.ctx.db, { username: 'sen_postor_ip' });
    // The seller logs in from the shared address; the bidder logs in from elsewhere and bids from it.
    await loginFrom(seller, SHARED);
    const bidderToken = await loginFrom(bidder, '10.99.0.1');
    const race = await running(seller.id);
    const bid = await t.request('POST', '/api/bids/create-bid', {
      token: bidderToken,
      body: { auction_id: race.auction.id, product_id: race.products[0]!.id, amount: 20_000 },
      headers: { 'x-forwarded-for': SHARED },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);

    const row = rowOf((await signals()).items, 'sen_vendedor_ip', 'sen_postor_ip');
    expect(row).toEqual({
      seller_id: seller.id,
      seller_username: 'sen_vendedor_ip',
      bidder_id: bidder.id,
      bidder_username: 'sen_postor_ip',
      kinds: ['shared_address'],
      products: [
        {
          id: race.products[0]!.id,
          name: race.products[0]!.name,
          link: `/auctions/product/${race.products[0]!.id}`,
          taken_down: false,
        },
      ],
      evidence: {
        shared_addresses: [SHARED],
        bids_to_seller: 1,
        bids_total: 1,
        bid_share: 1,
        ever_won: false,
      },
      confirmed: false,
    });

    // The bidder's own addresses are in their personal-data export.
    const exported = await t.request('GET', '/api/users/me/export', { token: bidderToken });
    expect(exported.status).toBe(200);
    const addresses = exported.body.client_addresses.map(
      (a: { kind: string; address: string }) => `${a.kind} ${a.address}`,
    );
    expect(addresses.sort()).toEqual([`bid ${SHARED}`, 'login 10.99.0.1']);
    expect(exported.body.client_addresses[0].first_seen_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Nobody else's address is in it.
    expect(JSON.stringify(exported.body)).not.toContain('"login 10.50.0.7"');
  });

  it('leaves out a shared address older than 30 days, and one shared by users who never bid on each other', async () => {
    const now = t.ctx.clock.now();
    const old = new Date(now.getTime() - 31 * DAY_MS);
    const seller = await insertUser(t.ctx.db, { is_seller: true, username: 'sen_vendedor_viejo' });
    const bidder = await insertUser(t.ctx.db, { username: 'sen_postor_viejo' });
    const neighbour = await insertUser(t.ctx.db, { username: 'sen_vecino' });
    await t.ctx.db
      .insertInto('client_addresses')
      .values([
        { user_id: seller.id, kind: 'login', address: '10.60.0.1', first_seen_at: old, last_seen_at: old },
        { user_id: bidder.id, kind: 'bid', address: '10.60.0.1', first_seen_at: now, last_seen_at: now },
        // The neighbour shares a current address with the seller but never bid on them.
        { user_id: seller.id, kind: 'listing', address: '10.60.0.2', first_seen_at: now, last_seen_at: now },
        { user_id: neighbour.id, kind: 'login', address: '10.60.0.2', first_seen_at: now, last_seen_at: now },
      ])
      .execute();
    await bidsOn(seller.id, bidder.id, 1);
    const { items } = await signals();
    expect(rowOf(items, 'sen_vendedor_viejo', 'sen_postor_viejo')).toBeUndefined();
    expect(items.some((i) => i.bidder_username === 'sen_vecino')).toBe(false);
  });

  it('shows 80% of 10 bids on one seller without a win; not 9 bids, not 79%, not a bidder who won', async () => {
    const mk = (username: string, is_seller = false) => insertUser(t.ctx.db, { username, is_seller });
    const target = await mk('sen_vendedor_foco', true);
    const elsewhere = await mk('sen_vendedor_otro', true);
    const at80 = await mk('sen_postor_80');
    const nine = await mk('sen_postor_9');
    const at79 = await mk('sen_postor_79');
    const winner = await mk('sen_postor_ganador');
    await bidsOn(target.id, at80.id, 8);
    await bidsOn(elsewhere.id, at80.id, 2);
    await bidsOn(target.id, nine.id, 9);
    // 15 of 19 is 78.9%.
    await bidsOn(target.id, at79.id, 15);
    await bidsOn(elsewhere.id, at79.id, 4);
    await bidsOn(target.id, winner.id, 10);
    const won = await running(target.id);
    await t.ctx.db
      .updateTable('auction_products')
      .set({ outcome: 'won', highest_bidder_id: winner.id, highest_bid: 5_000_00, bid_count: 1 })
      .where('auction_id', '=', won.auction.id)
      .execute();

    const { items, meta } = await signals();
    const row = rowOf(items, 'sen_vendedor_foco', 'sen_postor_80');
    expect(row).toMatchObject({
      kinds: ['bid_concentration'],
      evidence: { shared_addresses: [], bids_to_seller: 8, bids_total: 10, bid_share: 0.8, ever_won: false },
      confirmed: false,
    });
    expect(row.products).toHaveLength(8);
    expect(row.products.every((p: { link: string }) => p.link.startsWith('/auctions/product/'))).toBe(true);
    // The 20% elsewhere is no signal for the other seller.
    expect(rowOf(items, 'sen_vendedor_otro', 'sen_postor_80')).toBeUndefined();
    for (const bidder of ['sen_postor_9', 'sen_postor_79', 'sen_postor_ganador'])
      expect(rowOf(items, 'sen_vendedor_foco', bidder), bidder).toBeUndefined();
    expect(meta.total).toBe(items.length);
    // A page of one says the same total.
    const page = await t.request('GET', '/api/admin/signals?page=1&size=1', { token: operator.token });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.meta.total).toBe(meta.total);
  });

  it('confirming voids the bidder’s bids on running auctions and recomputes each race; ended ones stay; audited', async () => {
    const seller = await insertUser(t.ctx.db, { is_seller: true, username: 'sen_vendedor_par' });
    const shill = await insertUserWithToken(t, { username: 'sen_comodin' });
    const honest = await insertUserWithToken(t, { username: 'sen_honesto' });
    // A running auction of two products: on the first the shill leads over two honest bids, on the
    // second the shill is the only bidder (with a ceiling).
    const race = await running(seller.id, 2);
    const [first, second] = race.products;
    const bid = (u: TestUser, productId: number, pesos: number, max?: number) =>
      t.request('POST', '/api/bids/create-bid', {
        token: u.token,
        body: {
          auction_id: race.auction.id,
          product_id: productId,
          amount: pesos,
          ...(max ? { max_amount: max } : {}),
        },
      });
    expect((await bid(honest, first!.id, 10_000)).status).toBe(201);
    expect((await bid(shill, first!.id, 12_000)).status).toBe(201);
    expect((await bid(honest, first!.id, 13_000)).status).toBe(201);
    expect((await bid(shill, first!.id, 15_000)).status).toBe(201);
    expect((await bid(shill, second!.id, 8_000, 30_000)).status).toBe(201);
    // An ended auction the shill won: left alone.
    const ended = await insertAuction(t.ctx.db, seller.id, {
      now: t.ctx.clock.now(),
      status: 'ended',
      productCount: 1,
      startTime: new Date(t.ctx.clock.now().getTime() - 2 * DAY_MS),
      endTime: new Date(t.ctx.clock.now().getTime() - DAY_MS),
    });
    await pastBids(shill.user.id, [{ auctionId: ended.auction.id, productId: ended.products[0]!.id }]);
    const endedBefore = await t.ctx.db
      .updateTable('auction_products')
      .set({ outcome: 'won', highest_bidder_id: shill.user.id, highest_bid: amount * 100, bid_count: 1 })
      .where('auction_id', '=', ended.auction.id)
      .returningAll()
      .executeTakeFirstOrThrow();

    const refused = await t.request('POST', '/api/admin/signals/confirm', {
      token: operator.token,
      body: { seller_username: 'sen_vendedor_par', bidder_username: 'nadie_con_ese_nombre' },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(trustMessages.pairNotFound);
    const self = await t.request('POST', '/api/admin/signals/confirm', {
      token: operator.token,
      body: { seller_username: 'sen_vendedor_par', bidder_username: 'SEN_VENDEDOR_PAR' },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(trustMessages.pairSelf);
    expect(await t.ctx.db.selectFrom('confirmed_pairs').selectAll().execute()).toEqual([]);

    const confirmed = await t.request('POST', '/api/admin/signals/confirm', {
      token: operator.token,
      body: { seller_username: 'SEN_VENDEDOR_PAR', bidder_username: 'sen_comodin' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ message: trustMessages.pairConfirmed(3), voided_bids: 3 });

    const raceRow = (productId: number) =>
      t.ctx.db
        .selectFrom('auction_products')
        .select(['highest_bid', 'highest_bidder_id', 'bid_count', 'outcome'])
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
    // The honest bidder leads at their own highest bid, with their two bids counted.
    expect(await raceRow(first!.id)).toEqual({
      highest_bid: 13_000_00,
      highest_bidder_id: honest.user.id,
      bid_count: 2,
      outcome: null,
    });
    expect(await raceRow(second!.id)).toEqual({
      highest_bid: null,
      highest_bidder_id: null,
      bid_count: 0,
      outcome: null,
    });
    const left = await t.ctx.db
      .selectFrom('bids')
      .select(['product_id', 'user_id'])
      .where('auction_id', '=', race.auction.id)
      .execute();
    expect(left.every((b) => b.user_id === honest.user.id)).toBe(true);
    const ceilings = await t.ctx.db
      .selectFrom('bid_ceilings')
      .select('user_id')
      .where('user_id', '=', shill.user.id)
      .execute();
    expect(ceilings).toEqual([]);
    // The ended auction keeps its bid and its winner.
    expect(await raceRow(ended.products[0]!.id)).toMatchObject({
      highest_bidder_id: shill.user.id,
      highest_bid: endedBefore.highest_bid,
      outcome: 'won',
    });
    expect(
      await t.ctx.db.selectFrom('bids').select('id').where('auction_id', '=', ended.auction.id).execute(),
    ).toHaveLength(1);

    // The race as the API shows it: a bid above the honest one but below the voided 15,000 is taken.
    expect((await bid(stranger, first!.id, 14_000)).status).toBe(201);
    const history = await t.request('GET', `/api/bids/get_bids_by_auction/${race.auction.id}/${first!.id}`, {
      token: honest.token,
    });
    expect(history.body.map((b: { amount: number }) => b.amount)).toEqual([14_000, 13_000, 10_000]);

    const audit = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'confirm_signal')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: operator.user.id,
      target_type: 'user',
      target_id: String(shill.user.id),
      target_label: 'sen_vendedor_par / sen_comodin',
      note: '3',
    });
    // Confirming again voids nothing more and leaves one pair.
    const again = await t.request('POST', '/api/admin/signals/confirm', {
      token: operator.token,
      body: { seller_username: 'sen_vendedor_par', bidder_username: 'sen_comodin' },
    });
    expect(again.body.voided_bids).toBe(0);
    expect(await t.ctx.db.selectFrom('confirmed_pairs').selectAll().execute()).toHaveLength(1);
  });
});
