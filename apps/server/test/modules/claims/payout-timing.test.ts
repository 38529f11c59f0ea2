import { claimMessages as m } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceAndRelogin, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';
import {
  DAY,
  LONG_ENOUGH,
  notificationsOf,
  openClaim,
  openedClaim,
  payoutOf,
  shippedSale,
} from './claims-support.ts';

// Moving days ahead logs people in again (sessions last 7 days), slow on a busy machine.
describe('payouts wait for the claim window', { timeout: 240_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let operator: TestUser;
  const WINDOW = 7;

  beforeAll(async () => {
    t = await startTestApp();
    expect(t.ctx.config.CLAIM_WINDOW_DAYS).toBe(WINDOW);
    seller = await insertUserWithToken(t, { is_seller: true, username: 'plazo_vendedor' });
    buyer = await insertBuyer(t, 'plazo_comprador');
    operator = await insertOperator(t, 'plazo_operadora');
  }, 300_000);
  afterAll(() => t?.close());
  // Each test moves days ahead: everyone starts with a fresh session.
  beforeEach(() => advanceAndRelogin(t, 0, [seller, buyer, operator]), 120_000);

  const confirm = (productId: number) =>
    t.request('POST', '/api/products/confirm_delivery', {
      token: buyer.token,
      body: { product_id: productId },
    });
  const sellerPayout = async (paymentId: string) => {
    const res = await t.request('GET', '/api/pending-payments/seller', { token: seller.token });
    return res.body.find((p: { payment_id: string }) => p.payment_id === paymentId);
  };
  const purchase = async (productId: number) =>
    (
      await t.request('GET', '/api/products/get_purchased_products', { token: buyer.token })
    ).body.products.find((p: { product_id: number }) => p.product_id === productId);

  it('held through delivery and the window, then payable by the timed job, and the seller is told', async () => {
    const { product, paymentId } = await shippedSale(t, seller, buyer, 'Plazo normal');
    expect((await sellerPayout(paymentId)).hold).toEqual({ reason: 'delivery', until: null });
    expect((await confirm(product.id)).status).toBe(200);
    const delivered = await purchase(product.id);
    const endsAt = new Date(delivered.delivered_at).getTime() + WINDOW * DAY * 1000;
    expect(new Date(delivered.claim_window_ends_at).getTime()).toBe(endsAt);
    let payout = await sellerPayout(paymentId);
    expect(payout.status).toBe('held');
    expect(payout.hold).toEqual({ reason: 'claim_window', until: new Date(endsAt).toISOString() });

    await t.advanceClock(WINDOW * DAY - 60);
    expect((await payoutOf(t, paymentId)).status).toBe('held');
    const before = (await notificationsOf(t, seller.user.id, 'item_delivered')).length;
    await advanceAndRelogin(t, 61, [seller, buyer]);
    payout = await sellerPayout(paymentId);
    expect(payout.status).toBe('payable');
    expect(payout.hold).toBeNull();
    expect((await payoutOf(t, paymentId)).payable_since).not.toBeNull();
    expect((await notificationsOf(t, seller.user.id, 'item_delivered')).length).toBe(before + 1);
    // After the window: no claim.
    const late = await openClaim(t, buyer.token, {
      product_id: product.id,
      reason: 'danado',
      description: LONG_ENOUGH,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(m.windowOver);
  });

  it('a claim opened at the last second of the window keeps the payout held until it is resolved', async () => {
    const { product, paymentId } = await shippedSale(t, seller, buyer, 'Último segundo');
    expect((await confirm(product.id)).status).toBe(200);
    const endsAt = new Date((await purchase(product.id)).claim_window_ends_at).getTime();
    // A minute before the end, sessions renewed (they would expire on the way; a login takes a
    // while), then 1.5 s before it: the claim lands in the window's last seconds.
    await advanceAndRelogin(t, Math.floor((endsAt - t.ctx.clock.now().getTime()) / 1000) - 60, [
      buyer,
      seller,
    ]);
    t.ctx.clock.advance((endsAt - t.ctx.clock.now().getTime() - 1500) / 1000);
    const claim = await openedClaim(t, buyer, product.id, 'no_coincide');
    const openedAt = new Date(claim.opened_at).getTime();
    expect(openedAt).toBeLessThanOrEqual(endsAt);
    expect(endsAt - openedAt).toBeLessThan(2000);
    expect((await sellerPayout(paymentId)).hold).toEqual({ reason: 'claim', until: null });
    // The window ends and the job runs: the claim keeps it held.
    await advanceAndRelogin(t, 2 * DAY, [operator]);
    expect((await payoutOf(t, paymentId)).status).toBe('held');

    // Released by an operator: the payout follows its normal course (the window is over: payable).
    const res = await t.request('POST', `/api/admin/claims/${claim.id}/resolve`, {
      token: operator.token,
      body: { outcome: 'release', note: 'Coincide con las fotos' },
    });
    expect(res.status).toBe(200);
    expect(res.body.claim.status).toBe('released');
    await t.advanceClock(1);
    expect((await payoutOf(t, paymentId)).status).toBe('payable');
  });

  it('one second after the window the claim is refused', async () => {
    const { product } = await shippedSale(t, seller, buyer, 'Un segundo tarde');
    expect((await confirm(product.id)).status).toBe(200);
    const endsAt = new Date((await purchase(product.id)).claim_window_ends_at).getTime();
    await advanceAndRelogin(t, Math.floor((endsAt - t.ctx.clock.now().getTime()) / 1000) - 60, [buyer]);
    t.ctx.clock.advance((endsAt - t.ctx.clock.now().getTime()) / 1000 + 1);
    const res = await openClaim(t, buyer.token, {
      product_id: product.id,
      reason: 'danado',
      description: LONG_ENOUGH,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.windowOver);
  });

  it('a claim on a payable payout holds it again; a paid payout stays paid', async () => {
    // A payout made payable by hand (an older sale) while its purchase can still be claimed.
    const a = await shippedSale(t, seller, buyer, 'Ya pagable');
    await t.ctx.db
      .updateTable('payouts')
      .set({ status: 'payable', updated_at: t.ctx.clock.now() })
      .where('payment_id', '=', a.paymentId)
      .execute();
    await openedClaim(t, buyer, a.product.id);
    const held = await payoutOf(t, a.paymentId);
    expect(held.status).toBe('held');
    expect(held.payable_since).toBeNull();

    const b = await shippedSale(t, seller, buyer, 'Ya pagado');
    await t.ctx.db
      .updateTable('payouts')
      .set({ status: 'paid', paid_at: t.ctx.clock.now(), reference: 'TRF-1', updated_at: t.ctx.clock.now() })
      .where('payment_id', '=', b.paymentId)
      .execute();
    const claim = await openedClaim(t, buyer, b.product.id);
    expect((await payoutOf(t, b.paymentId)).status).toBe('paid');
    // Paid already: the seller cannot refund from here (never paid and refunded both).
    const refund = await t.request('POST', `/api/claims/${claim.id}/refund`, { token: seller.token });
    expect(refund.status).toBe(409);
    expect(refund.body.message).toBe(m.payoutAlreadyPaid);
  });

  it('shipped and never confirmed: delivered after 14 days, then the window, then payable', async () => {
    const { paymentId } = await shippedSale(t, seller, buyer, 'Entrega automática');
    await advanceAndRelogin(t, 14 * DAY + 1, [seller]);
    const payout = await sellerPayout(paymentId);
    expect(payout.status).toBe('held');
    expect(payout.hold.reason).toBe('claim_window');
    await t.advanceClock(WINDOW * DAY);
    expect((await payoutOf(t, paymentId)).status).toBe('payable');
  });
});
