import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUser, insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { openedClaim, shippedSale } from '../claims/claims-support.ts';
import { insertSales, type SaleSpec, times } from './trust-support.ts';

/**
 * The seller's computed reputation, read through the API over real sale rows: each case is a
 * seller of its own whose sales sit right at one edge of the thermometer.
 */
describe('seller reputation over real sales', { timeout: 240_000 }, () => {
  let t: TestApp;
  let buyerId: number;

  beforeAll(async () => {
    t = await startTestApp();
    buyerId = (await insertUser(t.ctx.db, { username: 'rep_comprador' })).id;
  }, 120_000);
  afterAll(() => t?.close());

  /** A seller with exactly these sales; answers their username. */
  async function sellerWith(username: string, sales: SaleSpec[]) {
    const seller = await insertUser(t.ctx.db, { is_seller: true, username });
    await insertSales(t.ctx.db, { sellerId: seller.id, buyerId, now: t.ctx.clock.now(), sales });
    return { username, id: seller.id };
  }
  const clean = (n: number, paidDaysAgo = 5) => times(n, { paidDaysAgo });
  const reputationOf = async (username: string) => {
    const res = await t.request('GET', `/api/users/public/${username}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.reputation;
  };

  it('claims: exactly 1% is verde claro, just under is verde; any outcome counts', async () => {
    const edge = await sellerWith('rep_reclamos_1', [...clean(99), { paidDaysAgo: 9, claim: 'released' }]);
    expect(await reputationOf(edge.username)).toEqual({
      level: 'verde_claro',
      period_days: 60,
      sales: 100,
      claims_rate: 0.01,
      late_shipping_rate: 0,
      cancellation_rate: 0,
    });
    const under = await sellerWith('rep_reclamos_bajo', [...clean(100), { paidDaysAgo: 9, claim: 'open' }]);
    const rep = await reputationOf(under.username);
    expect(rep).toMatchObject({ level: 'verde', sales: 101 });
    expect(rep.claims_rate).toBeCloseTo(1 / 101, 12);
    // A claim the seller won (released), one escalated, one refunded: each still counts.
    const outcomes = await sellerWith('rep_reclamos_resueltos', [
      ...clean(47),
      { paidDaysAgo: 3, claim: 'released' },
      { paidDaysAgo: 3, claim: 'escalated' },
      { paidDaysAgo: 3, claim: 'refunded' },
    ]);
    // 3 of 50 = 6%: under 7%, naranja.
    expect(await reputationOf(outcomes.username)).toMatchObject({ level: 'naranja', claims_rate: 0.06 });
  });

  it('late shipping: shipped more than 3 days after payment, or still unshipped past it; 6% is the edge', async () => {
    const late: SaleSpec[] = [
      ...times(5, { paidDaysAgo: 20, shippedAfterHours: 72 + 1 / 60 }),
      // Never shipped, paid 10 days ago: late.
      { paidDaysAgo: 10, shippedAfterHours: null },
    ];
    const onTime: SaleSpec[] = [
      // Shipped exactly 3 days after payment: on time.
      ...times(3, { paidDaysAgo: 20, shippedAfterHours: 72 }),
      // Not shipped yet, paid a day ago: not late yet.
      ...times(2, { paidDaysAgo: 1, shippedAfterHours: null }),
    ];
    const edge = await sellerWith('rep_envio_6', [...late, ...onTime, ...clean(89)]);
    expect(await reputationOf(edge.username)).toEqual({
      level: 'verde_claro',
      period_days: 60,
      sales: 100,
      claims_rate: 0,
      late_shipping_rate: 0.06,
      cancellation_rate: 0,
    });
    const under = await sellerWith('rep_envio_bajo', [...late, ...onTime, ...clean(90)]);
    const rep = await reputationOf(under.username);
    expect(rep).toMatchObject({ level: 'verde', sales: 101 });
    expect(rep.late_shipping_rate).toBeCloseTo(6 / 101, 12);
    // 20% late: rojo; 19 of 100 late: naranja.
    const red = await sellerWith('rep_envio_20', [
      ...times(10, { paidDaysAgo: 20, shippedAfterHours: 100 }),
      ...clean(40),
    ]);
    expect(await reputationOf(red.username)).toMatchObject({ level: 'rojo', late_shipping_rate: 0.2 });
    const orange = await sellerWith('rep_envio_19', [
      ...times(19, { paidDaysAgo: 20, shippedAfterHours: 100 }),
      ...clean(81),
    ]);
    expect(await reputationOf(orange.username)).toMatchObject({ level: 'naranja', late_shipping_rate: 0.19 });
  });

  it('cancellations are refunded sales: 0.5% is the edge; a failed refund is no cancellation', async () => {
    // Refunded before it shipped: one cancellation, not also a late shipment.
    const edge = await sellerWith('rep_cancel_05', [
      ...clean(199),
      { paidDaysAgo: 8, refund: 'done', shippedAfterHours: null },
    ]);
    expect(await reputationOf(edge.username)).toEqual({
      level: 'verde_claro',
      period_days: 60,
      sales: 200,
      claims_rate: 0,
      late_shipping_rate: 0,
      cancellation_rate: 0.005,
    });
    const under = await sellerWith('rep_cancel_bajo', [
      ...clean(199),
      { paidDaysAgo: 8, refund: 'pending' },
      { paidDaysAgo: 8, refund: 'failed' },
    ]);
    const rep = await reputationOf(under.username);
    expect(rep).toMatchObject({ level: 'verde', sales: 201 });
    expect(rep.cancellation_rate).toBeCloseTo(1 / 201, 12);
    // 2 of 50 refunded (4%): rojo.
    const red = await sellerWith('rep_cancel_4', [
      ...times(2, { paidDaysAgo: 8, refund: 'done' }),
      ...clean(48),
    ]);
    expect(await reputationOf(red.username)).toMatchObject({ level: 'rojo', cancellation_rate: 0.04 });
  });

  it('the level is the worst any rate earns: amarillo claims, naranja cancellations', async () => {
    const mixed = await sellerWith('rep_mezcla', [
      { paidDaysAgo: 4, claim: 'released' },
      ...times(2, { paidDaysAgo: 4, refund: 'done' }),
      ...clean(97),
    ]);
    // Claims 1% (verde claro), refunds 2% (naranja).
    expect(await reputationOf(mixed.username)).toMatchObject({
      level: 'naranja',
      claims_rate: 0.01,
      cancellation_rate: 0.02,
    });
    const yellow = await sellerWith('rep_amarillo', [{ paidDaysAgo: 4, claim: 'open' }, ...clean(49)]);
    expect(await reputationOf(yellow.username)).toMatchObject({ level: 'amarillo', claims_rate: 0.02 });
  });

  it('fewer than 10 sales is nuevo whatever the rates; at 10 the level counts', async () => {
    const nine = await sellerWith('rep_nueve', times(9, { paidDaysAgo: 30, claim: 'open', refund: 'done' }));
    expect(await reputationOf(nine.username)).toEqual({
      level: 'nuevo',
      period_days: 365,
      sales: 9,
      claims_rate: 1,
      late_shipping_rate: 0,
      cancellation_rate: 1,
    });
    const ten = await sellerWith('rep_diez', [{ paidDaysAgo: 30, claim: 'open' }, ...clean(9, 30)]);
    expect(await reputationOf(ten.username)).toMatchObject({ level: 'rojo', sales: 10, claims_rate: 0.1 });
    const none = await sellerWith('rep_sin_ventas', []);
    expect(await reputationOf(none.username)).toMatchObject({ level: 'nuevo', sales: 0, claims_rate: 0 });
  });

  it('39 sales in 60 days read the last 365; 40 read the last 60', async () => {
    // Older sales: one with a claim, inside the year; the ones past the year never count.
    const older: SaleSpec[] = [
      { paidDaysAgo: 200, claim: 'released' },
      ...times(19, { paidDaysAgo: 100 }),
      ...times(5, { paidDaysAgo: 400, claim: 'open' }),
      // Just past 60 days: in the long window only.
      { paidDaysAgo: 61 },
    ];
    const long = await sellerWith('rep_39', [...clean(39, 59), ...older]);
    const rep = await reputationOf(long.username);
    expect(rep).toMatchObject({ level: 'verde_claro', period_days: 365, sales: 60 });
    expect(rep.claims_rate).toBeCloseTo(1 / 60, 12);
    const short = await sellerWith('rep_40', [...clean(40, 59), ...older]);
    expect(await reputationOf(short.username)).toEqual({
      level: 'verde',
      period_days: 60,
      sales: 40,
      claims_rate: 0,
      late_shipping_rate: 0,
      cancellation_rate: 0,
    });
    // Unpaid and expired payments are no sales.
    const unpaid = await sellerWith('rep_impagos', [
      ...clean(9),
      ...times(5, { paidDaysAgo: 3, status: 'expired' }),
      ...times(5, { paidDaysAgo: 3, status: 'pending' }),
    ]);
    expect(await reputationOf(unpaid.username)).toMatchObject({ level: 'nuevo', sales: 9 });
  });

  it('both product pages show the same reading in their seller block, read again after a claim and a refund', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'rep_paginas' });
    const buyer: TestUser = await insertBuyer(t, 'rep_paginas_comprador');
    await insertSales(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId,
      now: t.ctx.clock.now(),
      sales: clean(9),
    });
    // A real sale through checkout and shipping: the tenth.
    const { product: sold } = await shippedSale(t, seller, buyer, 'Tomica Nissan GT-R');
    const buyNow = await insertBuyNowProduct(t.ctx.db, seller.user.id);
    const race = await insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), productCount: 1 });
    const pages = async () => {
      const [profile, buyPage, auctionPage] = await Promise.all([
        t.request('GET', '/api/users/public/rep_paginas'),
        t.request('GET', `/api/products/get_product_buy/${buyNow.id}`),
        t.request('GET', `/api/auctions/get_auction_product_by_id/${race.products[0]!.id}`, {
          token: buyer.token,
        }),
      ]);
      expect(buyPage.status, JSON.stringify(buyPage.body)).toBe(200);
      expect(auctionPage.status, JSON.stringify(auctionPage.body)).toBe(200);
      expect(buyPage.body.owner.reputation).toEqual(profile.body.reputation);
      expect(auctionPage.body.owner.reputation).toEqual(profile.body.reputation);
      return profile.body.reputation;
    };
    expect(await pages()).toEqual({
      level: 'verde',
      period_days: 365,
      sales: 10,
      claims_rate: 0,
      late_shipping_rate: 0,
      cancellation_rate: 0,
    });

    // The buyer opens a claim: every reading shows it at once, not after the cache's minute.
    const claim = await openedClaim(t, buyer, sold.id);
    expect(await pages()).toMatchObject({ level: 'rojo', claims_rate: 0.1, cancellation_rate: 0 });
    // The seller refunds it.
    const refund = await t.request('POST', `/api/claims/${claim.id}/refund`, { token: seller.token });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await pages()).toMatchObject({ level: 'rojo', claims_rate: 0.1, cancellation_rate: 0.1 });
  });
});
