import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWonItem } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import type { TestUser } from '../../factories/sales.ts';
import { insertUser, insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';
import { insertSales } from './trust-support.ts';

/**
 * The sold prices leave out what is no real market price: sales refunded, never paid, and sales
 * between a seller and a bidder an operator confirmed as one party. Normal sales stay.
 */
describe('sold prices without refunded, unpaid and confirmed-pair sales', { timeout: 120_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let shill: { id: number; username: string };
  let honest: { id: number; username: string };
  let operator: TestUser;
  let asked: number;

  const prices = async () => {
    const res = await t.request('GET', `/api/catalog/sold/${asked}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      prices: res.body.items.map((i: { price: number }) => i.price).sort((a: number, b: number) => a - b),
      stats: res.body.stats,
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'vp_vendedor' });
    const other = await insertUser(t.ctx.db, { is_seller: true, username: 'vp_otro_vendedor' });
    shill = await insertUser(t.ctx.db, { username: 'vp_comodin' });
    honest = await insertUser(t.ctx.db, { username: 'vp_honesto' });
    operator = await insertOperator(t, 'vp_operadora');
    const now = t.ctx.clock.now();
    const car = (pesos: number, extra: object = {}) => ({
      name: `Hot Wheels Datsun 510 ${pesos}`,
      pesos,
      paidDaysAgo: 10,
      ...extra,
    });
    await insertSales(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: honest.id,
      now,
      sales: [
        // Normal sales: they stay.
        car(100_000),
        car(110_000, { kind: 'auction' }),
        // A refund that Bold rejected for good: the sale stood, it stays.
        car(120_000, { refund: 'failed' }),
        // Refunded (done, or asked for and on its way): out.
        car(5_000, { refund: 'done' }),
        car(6_000, { refund: 'pending', claim: 'refunded' }),
        // Never paid: out.
        car(7_000, { status: 'pending' }),
        car(8_000, { status: 'expired' }),
        car(9_000, { status: 'rejected' }),
        // Sold to the bidder later confirmed as the seller's second account.
        car(900_000, { buyerId: shill.id }),
        car(950_000, { buyerId: shill.id, kind: 'auction' }),
      ],
    });
    // The same bidder buying from another seller is a normal sale: it stays after the confirmation.
    await insertSales(t.ctx.db, {
      sellerId: other.id,
      buyerId: shill.id,
      now,
      sales: [car(130_000)],
    });
    // An auction the shill won and never paid: no sale either way.
    await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: shill.id,
      now,
      productName: 'Hot Wheels Datsun 510 sin pagar',
    });
    asked = (await insertProduct(t.ctx.db, seller.user.id, { name: 'Hot Wheels Datsun 510' })).id;
  }, 120_000);
  afterAll(() => t?.close());

  it('leaves out refunded and unpaid sales; keeps normal ones, a failed refund too', async () => {
    expect(await prices()).toEqual({
      prices: [100_000, 110_000, 120_000, 130_000, 900_000, 950_000],
      stats: { count: 6, median: 125_000, min: 100_000, max: 950_000 },
    });
  });

  it('an expired won item stays out after its window ends (the buyer gets a strike, no sale)', async () => {
    await t.advanceClock(72 * 3600 + 1);
    const { stats } = await prices();
    expect(stats.count).toBe(6);
  });

  it('a confirmed pair: their sales leave the price history, the rest stays', async () => {
    const res = await t.request('POST', '/api/admin/signals/confirm', {
      token: operator.token,
      body: { seller_username: seller.user.username, bidder_username: shill.username },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await prices()).toEqual({
      prices: [100_000, 110_000, 120_000, 130_000],
      stats: { count: 4, median: 115_000, min: 100_000, max: 130_000 },
    });
    // The pair is recorded as seller and bidder, in that order.
    const pairs = await t.ctx.db.selectFrom('confirmed_pairs').select(['seller_id', 'bidder_id']).execute();
    expect(pairs).toEqual([{ seller_id: seller.user.id, bidder_id: shill.id }]);
  });

  it('a later refund of a normal sale takes it out too; sales past the year were never in', async () => {
    const [late] = await insertSales(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: honest.id,
      now: t.ctx.clock.now(),
      sales: [
        { name: 'Hot Wheels Datsun 510 nuevo', pesos: 140_000, paidDaysAgo: 1 },
        { name: 'Hot Wheels Datsun 510 viejo', pesos: 1_000, paidDaysAgo: 366 },
      ],
    });
    expect((await prices()).prices).toEqual([100_000, 110_000, 120_000, 130_000, 140_000]);
    await t.ctx.db
      .insertInto('refunds')
      .values({
        payment_id: late!.paymentId,
        charge_key: `late-${late!.paymentId}`,
        provider: 'sandbox',
        amount: 140_000_00,
        reason: 'Reembolso de prueba',
        next_attempt_at: t.ctx.clock.now(),
        created_at: t.ctx.clock.now(),
        updated_at: t.ctx.clock.now(),
      })
      .execute();
    expect((await prices()).prices).toEqual([100_000, 110_000, 120_000, 130_000]);
  });
});
