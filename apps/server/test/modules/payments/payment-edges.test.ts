import { paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boldNotification, insertBuyNowProduct, insertWonItem } from '../../factories/payments.ts';
import {
  advanceAndRelogin,
  approvePayment,
  deliverNotification,
  insertBuyer,
  type TestUser,
} from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const PRICE = 80_000;
/** Past a buy-now checkout's 30-minute window. */
const PAST_WINDOW_S = 31 * 60;

describe('payment edges: wrong amounts, late approvals, expired items', () => {
  let t: TestApp;
  let seller: TestUser;
  let ana: TestUser;
  let beto: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true });
    ana = await insertBuyer(t, 'edge_ana');
    beto = await insertBuyer(t, 'edge_beto');
    // Starting the app and logging in (scrypt) is slow on a shared, busy machine.
  }, 300_000);
  afterAll(() => t?.close());

  const buy = (user: TestUser, productId: number) =>
    t.request('GET', `/api/bold/buy_product/${productId}`, { token: user.token });
  const product = (id: number) =>
    t.ctx.db.selectFrom('products').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
  const payment = (id: string) =>
    t.ctx.db
      .selectFrom('payments')
      .select(['status', 'status_note', 'buyer_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const refunds = (paymentId: string) =>
    t.ctx.db
      .selectFrom('refunds')
      .select(['amount', 'reason', 'provider_tx_id'])
      .where('payment_id', '=', paymentId)
      .orderBy('created_at')
      .execute();
  const payouts = (productId: number) =>
    t.ctx.db.selectFrom('payouts').select(['payment_id']).where('product_id', '=', productId).execute();
  const newProduct = (name: string) => insertBuyNowProduct(t.ctx.db, seller.user.id, PRICE * 100, name);

  it('an underpaid charge is refunded but the buyer keeps the reservation and pays in full later', async () => {
    const p = await newProduct('Underpaid Supra');
    const checkout = await buy(ana, p.id);
    expect(checkout.status).toBe(200);
    const paymentId = checkout.body.payment_id as string;

    const under = boldNotification({
      reference: paymentId,
      totalPesos: PRICE - 1_000,
      transactionId: 'TXUNDER1',
    });
    const res = await deliverNotification(t, under);
    expect(res.body.result).toBe('not_confirmed');
    // The same notification again changes nothing (one refund).
    expect((await deliverNotification(t, under)).body.result).toBe('duplicate');
    expect(await refunds(paymentId)).toEqual([
      { amount: (PRICE - 1_000) * 100, reason: m.amountMismatch, provider_tx_id: 'TXUNDER1' },
    ]);
    expect(await payment(paymentId)).toMatchObject({ status: 'pending', status_note: m.amountMismatch });
    expect(await product(p.id)).toEqual({ status: 'available' });

    // Still reserved for Ana: nobody else can start a checkout.
    const other = await buy(beto, p.id);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(m.reservedByOther);
    // Ana sees why, and gets the same checkout back.
    const verified = await t.request('GET', `/api/bold/verify/${paymentId}`, { token: ana.token });
    expect(verified.body).toMatchObject({ status: 'pending', message: m.amountMismatch });
    expect((await buy(ana, p.id)).body).toEqual(checkout.body);

    // Her full payment confirms the sale: sold, one payout, no second refund.
    const full = await approvePayment(t, paymentId, PRICE, 'TXFULL1');
    expect(full.body.result).toBe('confirmed');
    expect(await product(p.id)).toEqual({ status: 'sold' });
    expect(await payouts(p.id)).toEqual([{ payment_id: paymentId }]);
    expect(await refunds(paymentId)).toHaveLength(1);
  });

  it('a wrong-currency charge keeps the reservation too', async () => {
    const p = await newProduct('Currency Civic');
    const paymentId = (await buy(ana, p.id)).body.payment_id as string;
    await deliverNotification(
      t,
      boldNotification({ reference: paymentId, totalPesos: PRICE, currency: 'USD' }),
    );
    expect(await payment(paymentId)).toMatchObject({ status: 'pending', status_note: m.amountMismatch });
    expect((await buy(beto, p.id)).status).toBe(409);
  });

  it('the reservation kept after an underpaid charge ends with its window', async () => {
    const p = await newProduct('Window Skyline');
    const paymentId = (await buy(ana, p.id)).body.payment_id as string;
    await approvePayment(t, paymentId, PRICE - 1, 'TXUNDER2');
    await advanceAndRelogin(t, PAST_WINDOW_S, [ana, beto]);
    expect(await payment(paymentId)).toMatchObject({ status: 'expired' });

    // Beto may buy now; Ana's late full payment, while Beto holds the product, is refunded.
    const betoCheckout = await buy(beto, p.id);
    expect(betoCheckout.status).toBe(200);
    const late = await approvePayment(t, paymentId, PRICE, 'TXLATE2');
    expect(late.body.result).toBe('not_confirmed');
    expect(await payment(paymentId)).toMatchObject({ status: 'expired', status_note: m.soldToAnother });
    expect((await refunds(paymentId)).map((r) => r.provider_tx_id)).toEqual(['TXUNDER2', 'TXLATE2']);
    expect(await product(p.id)).toEqual({ status: 'available' });
    expect(await payouts(p.id)).toEqual([]);
    // Beto's checkout was not disturbed.
    expect((await approvePayment(t, betoCheckout.body.payment_id, PRICE)).body.result).toBe('confirmed');
    expect(await payouts(p.id)).toEqual([{ payment_id: betoCheckout.body.payment_id }]);
  });

  it('a late approval after the window confirms the sale while the product is available and free', async () => {
    const p = await newProduct('Late Mustang');
    const paymentId = (await buy(ana, p.id)).body.payment_id as string;
    await advanceAndRelogin(t, PAST_WINDOW_S, [ana, beto]);
    expect(await payment(paymentId)).toMatchObject({ status: 'expired' });

    const late = await approvePayment(t, paymentId, PRICE, 'TXLATE3');
    expect(late.body.result).toBe('confirmed');
    expect(await payment(paymentId)).toMatchObject({ status: 'confirmed', buyer_id: ana.user.id });
    expect(await product(p.id)).toEqual({ status: 'sold' });
    expect(await payouts(p.id)).toEqual([{ payment_id: paymentId }]);
    expect(await refunds(paymentId)).toEqual([]);
  });

  it('a late approval after the product was sold to another buyer is refunded', async () => {
    const p = await newProduct('Sold Beetle');
    const anaPayment = (await buy(ana, p.id)).body.payment_id as string;
    await advanceAndRelogin(t, PAST_WINDOW_S, [ana, beto]);
    const betoPayment = (await buy(beto, p.id)).body.payment_id as string;
    expect((await approvePayment(t, betoPayment, PRICE)).body.result).toBe('confirmed');

    const late = await approvePayment(t, anaPayment, PRICE, 'TXLATE4');
    expect(late.body.result).toBe('not_confirmed');
    expect(await payment(anaPayment)).toMatchObject({ status: 'expired', status_note: m.soldToAnother });
    expect(await refunds(anaPayment)).toEqual([
      { amount: PRICE * 100, reason: m.soldToAnother, provider_tx_id: 'TXLATE4' },
    ]);
    expect(await payouts(p.id)).toEqual([{ payment_id: betoPayment }]);
  });

  it('a late approval and another buyer’s checkout at the same moment: one of them gets the product', async () => {
    const p = await newProduct('Race Porsche');
    const anaPayment = (await buy(ana, p.id)).body.payment_id as string;
    await advanceAndRelogin(t, PAST_WINDOW_S, [ana, beto]);
    const [late, betoCheckout] = await Promise.all([
      approvePayment(t, anaPayment, PRICE, 'TXLATE5'),
      buy(beto, p.id),
    ]);
    if (late.body.result === 'confirmed') {
      expect(betoCheckout.status).toBe(409);
      expect(await product(p.id)).toEqual({ status: 'sold' });
    } else {
      // Beto's checkout came first and holds the product: Ana's charge is given back.
      expect(betoCheckout.status).toBe(200);
      expect(await refunds(anaPayment)).toHaveLength(1);
      expect(await product(p.id)).toEqual({ status: 'available' });
    }
    expect((await payouts(p.id)).length).toBeLessThanOrEqual(1);
  });

  it('a payment for a won item whose window expired is refunded and sells nothing', async () => {
    const { product: p, paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: ana.user.id,
      amountCentavos: 120_000_00,
      now: t.ctx.clock.now(),
      productName: 'Expired Countach',
    });
    await advanceAndRelogin(t, 72 * 3600 + 60, [ana, beto]);
    expect(await payment(paymentId)).toMatchObject({ status: 'expired' });
    // Nobody else bid: the product went back to its seller.
    expect(await product(p.id)).toEqual({ status: 'available' });

    const late = await approvePayment(t, paymentId, 120_000, 'TXWON6');
    expect(late.body.result).toBe('not_confirmed');
    expect(await payment(paymentId)).toMatchObject({ status: 'expired', status_note: m.noLongerReserved });
    expect(await refunds(paymentId)).toEqual([
      { amount: 120_000_00, reason: m.noLongerReserved, provider_tx_id: 'TXWON6' },
    ]);
    expect(await payouts(p.id)).toEqual([]);
    expect(await product(p.id)).toEqual({ status: 'available' });
  });
});
