import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionsService } from '../../../src/modules/auctions/auctions.service.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('auction life cycle', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let ana: Awaited<ReturnType<typeof insertUserWithToken>>;
  let beto: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'cierre_vendedora' });
    ana = await insertUserWithToken(t, { username: 'cierre_ana' });
    beto = await insertUserWithToken(t, { username: 'cierre_beto' });
  });
  afterAll(() => t?.close());

  const bid = (token: string, auction_id: number, product_id: number, amount: number) =>
    t.request('POST', '/api/bids/create-bid', { token, body: { amount, auction_id, product_id } });
  const auctionRow = (id: number) =>
    t.ctx.db.selectFrom('auctions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const productRow = (id: number) =>
    t.ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const notes = async (token: string) =>
    (await t.request('GET', '/api/notifications?size=100', { token })).body.data as any[];

  it('closes at the end: the winner above reserve gets a pending won item, the rest go back to available', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      title: 'Cierre completo',
      productCount: 3,
      durationHours: 1,
      product: { reserve_price: 1000_00 },
    });
    const [won, below, empty] = products.map((p) => p.id) as [number, number, number];
    expect((await bid(ana.token, auction.id, won, 900)).status).toBe(201);
    expect((await bid(beto.token, auction.id, won, 1200)).status).toBe(201);
    expect((await bid(ana.token, auction.id, below, 999)).status).toBe(201);

    await t.advanceClock(30 * 60);
    expect((await auctionRow(auction.id)).status).toBe('active');
    await t.advanceClock(30 * 60 + 1);

    const closed = await auctionRow(auction.id);
    expect(closed.status).toBe('ended');
    expect(closed.closed_at).not.toBeNull();

    const outcomes = await t.ctx.db
      .selectFrom('auction_products')
      .select(['product_id', 'outcome', 'highest_bidder_id'])
      .where('auction_id', '=', auction.id)
      .orderBy('product_id')
      .execute();
    expect(outcomes).toEqual([
      { product_id: won, outcome: 'won', highest_bidder_id: beto.user.id },
      { product_id: below, outcome: 'unsold', highest_bidder_id: ana.user.id },
      { product_id: empty, outcome: 'unsold', highest_bidder_id: null },
    ]);
    // Won: reserved for the winner until the payment settles it.
    expect(await productRow(won)).toMatchObject({ status: 'in_auction', auction_id: auction.id });
    expect(await productRow(below)).toMatchObject({ status: 'available', auction_id: null });
    expect(await productRow(empty)).toMatchObject({ status: 'available', auction_id: null });

    const payments = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('auction_id', '=', auction.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: 'auction',
      product_id: won,
      buyer_id: beto.user.id,
      seller_id: seller.user.id,
      amount: 1200_00,
      currency: 'COP',
      status: 'pending',
    });
    expect(payments[0]!.expires_at!.getTime() - closed.closed_at!.getTime()).toBe(72 * 3600_000);

    const betoNotes = await notes(beto.token);
    expect(betoNotes.filter((n) => n.type === 'auction_won')).toHaveLength(1);
    expect(betoNotes.find((n) => n.type === 'auction_won').message).toContain('$1.200');
    expect((await notes(ana.token)).filter((n) => n.type === 'auction_won')).toHaveLength(0);
    const sellerNotes = (await notes(seller.token)).filter((n) => n.type === 'auction_ended');
    expect(sellerNotes).toHaveLength(1);
    expect(sellerNotes[0].message).toContain('Cierre completo');

    // Bidding is over; totals count the win.
    const late = await bid(ana.token, auction.id, won, 5000);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('La subasta ha finalizado');
    const totals = await t.request('GET', '/api/auctions/get_totals', { token: beto.token });
    expect(totals.body.total_wins).toBe(1);
    // The public profile counts it too; Ana, outbid, won nothing.
    const profile = await t.request('GET', '/api/users/public/cierre_beto');
    expect(profile.body.stats.auctions_won).toBe(1);
    expect((await t.request('GET', '/api/users/public/cierre_ana')).body.stats.auctions_won).toBe(0);

    // Running the jobs again changes nothing.
    await t.advanceClock(3600);
    expect(
      await t.ctx.db.selectFrom('payments').selectAll().where('auction_id', '=', auction.id).execute(),
    ).toHaveLength(1);
    expect((await notes(seller.token)).filter((n) => n.type === 'auction_ended')).toHaveLength(1);
  });

  it('wins at exactly the reserve price', async () => {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 1,
      product: { reserve_price: 500_00 },
    });
    expect((await bid(ana.token, auction.id, products[0]!.id, 500)).status).toBe(201);
    await t.advanceClock(3601);
    const row = await t.ctx.db
      .selectFrom('auction_products')
      .select('outcome')
      .where('auction_id', '=', auction.id)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBe('won');
  });

  it('closes each auction exactly once with two closing runs at the same time', async () => {
    const now = t.ctx.clock.now();
    const created = [];
    for (let i = 0; i < 6; i++) {
      created.push(
        await insertAuction(t.ctx.db, seller.user.id, {
          now,
          title: `Paralela ${i}`,
          productCount: 2,
          startTime: new Date(now.getTime() - 7200_000),
          // Far enough from the end that the bids below do not extend it (soft close).
          endTime: new Date(now.getTime() + 3600_000),
          product: { reserve_price: 100_00 },
        }),
      );
    }
    for (const { auction, products } of created) {
      expect((await bid(ana.token, auction.id, products[0]!.id, 150)).status).toBe(201);
    }
    t.ctx.clock.advance(3601); // due, but no job has run yet
    const later = t.ctx.clock.now();
    const one = createAuctionsService(t.ctx);
    const two = createAuctionsService(t.ctx);
    const [a, b, c] = await Promise.all([one.closeDue(later), two.closeDue(later), one.closeDue(later)]);
    // Each product closes once (12), and with its last product each auction ends once.
    expect(a + b + c).toBe(12);

    const ids = created.map((x) => x.auction.id);
    const rows = await t.ctx.db.selectFrom('auctions').selectAll().where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 'ended')).toBe(true);
    const payments = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('auction_id', 'in', ids)
      .execute();
    expect(payments).toHaveLength(6);
    const ended = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.user.id)
      .where('type', '=', 'auction_ended')
      .where('message', 'like', '%Paralela%')
      .execute();
    expect(ended).toHaveLength(6);
    expect(await Promise.all([one.closeDue(later), two.closeDue(later)])).toEqual([0, 0]);
  });

  it('starts a scheduled auction once even with two start runs at the same time', async () => {
    const now = t.ctx.clock.now();
    const { auction } = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      status: 'upcoming',
      startTime: new Date(now.getTime() + 1000),
      endTime: new Date(now.getTime() + 3600_000),
    });
    t.ctx.clock.advance(2);
    const later = t.ctx.clock.now();
    const one = createAuctionsService(t.ctx);
    const two = createAuctionsService(t.ctx);
    const results = await Promise.all([one.startDue(later), two.startDue(later)]);
    expect(results[0] + results[1]).toBeGreaterThanOrEqual(1);
    expect((await auctionRow(auction.id)).status).toBe('active');
    const started = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.user.id)
      .where('type', '=', 'auction_started')
      .execute();
    expect(started.filter((n) => n.created_at.getTime() === later.getTime())).toHaveLength(1);
  });

  it('starts and closes an auction scheduled inside one clock jump', async () => {
    const ps = [];
    for (let i = 0; i < 2; i++) {
      const { insertProduct } = await import('../../factories/products.ts');
      ps.push(await insertProduct(t.ctx.db, seller.user.id));
    }
    const start = new Date(t.ctx.clock.now().getTime() + 600_000).toISOString();
    const res = await t.request('POST', '/api/auctions/create', {
      token: seller.token,
      body: { title: 'Salto', duration: 1, started_at: start, products: ps.map((p) => p.id) },
    });
    expect(res.status).toBe(201);
    await t.advanceClock(3 * 3600);
    const row = await auctionRow(res.body.id);
    expect(row.status).toBe('ended');
    for (const p of ps)
      expect(await productRow(p.id)).toMatchObject({ status: 'available', auction_id: null });
  });
});
