import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTransactionId } from '../../../src/modules/payments/sandbox-provider.ts';
import { insertBuyNowProduct, insertWonItem } from '../../factories/payments.ts';
import { approvePayment, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const MINUTE = 60;

/*
 * A lost webhook: the sandbox approves a link without notifying (approve-silently), as Bold does
 * when its notification never arrives. The reconciliation job (15 minutes after the link, every
 * 15 minutes) or the check at the window's end must find it and confirm the sale once.
 */
describe('payments reconciled with the provider', { timeout: 300_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'conc_vendedor' });
    buyer = await insertBuyer(t, 'conc_comprador');
    other = await insertBuyer(t, 'conc_otro');
  });
  afterAll(() => t?.close());

  const payment = (id: string) =>
    t.ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const productStatus = async (id: number) =>
    (await t.ctx.db.selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const countOf = async (table: 'payouts' | 'refunds', paymentId: string) =>
    (await t.ctx.db.selectFrom(table).select('id').where('payment_id', '=', paymentId).execute()).length;
  const confirmations = async (userId: number) =>
    (
      await t.ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('type', '=', 'payment_confirmed')
        .execute()
    ).length;
  const silently = (link: string) => fetch(`${link}/approve-silently`, { method: 'POST' });

  async function wonItemLink(who: TestUser, pesos: number) {
    const won = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: who.user.id,
      amountCentavos: pesos * 100,
      now: t.ctx.clock.now(),
    });
    const res = await t.request('POST', `/api/bold/create/${won.paymentId}`, { token: who.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { paymentId: won.paymentId, productId: won.product.id, link: res.body.payment_link as string };
  }

  async function buyNowLink(who: TestUser, pesos: number, name: string) {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, pesos * 100, name);
    const res = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: who.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      paymentId: res.body.payment_id as string,
      productId: product.id,
      link: res.body.payment_link as string,
    };
  }

  it('the job confirms a silently approved won item and buy-now checkout once, 15 minutes after the link', async () => {
    const won = await wonItemLink(buyer, 120_000);
    const bought = await buyNowLink(buyer, 45_000, 'Funko Pop Silencioso');
    const before = await confirmations(buyer.user.id);
    for (const { link } of [won, bought]) {
      const res = await silently(link);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'PAID' });
    }
    // Nobody was told and nothing changed yet: the notification was lost.
    await t.advanceClock(10 * MINUTE);
    expect((await payment(won.paymentId)).status).toBe('pending');
    expect((await payment(bought.paymentId)).status).toBe('pending');

    await t.advanceClock(5 * MINUTE + 1);
    for (const { paymentId, productId } of [won, bought]) {
      expect(await payment(paymentId)).toMatchObject({
        status: 'confirmed',
        provider_tx_id: sandboxTransactionId((await payment(paymentId)).link_id!),
      });
      expect(await productStatus(productId)).toBe('sold');
      expect(await countOf('payouts', paymentId)).toBe(1);
      expect(await countOf('refunds', paymentId)).toBe(0);
    }
    expect(await confirmations(buyer.user.id)).toBe(before + 2);

    // Asked again later, and the late webhook arriving after all: nothing more.
    await t.advanceClock(15 * MINUTE + 1);
    for (const { paymentId } of [won, bought]) {
      const tx = (await payment(paymentId)).provider_tx_id!;
      const late = await approvePayment(t, paymentId, paymentId === won.paymentId ? 120_000 : 45_000, tx);
      expect(late.body.result).toBe('unchanged');
      expect(await countOf('payouts', paymentId)).toBe(1);
      expect(await countOf('refunds', paymentId)).toBe(0);
    }
    expect(await confirmations(buyer.user.id)).toBe(before + 2);
  });

  it('the job and a late webhook at the same moment confirm once', async () => {
    const won = await wonItemLink(other, 80_000);
    const bought = await buyNowLink(other, 30_000, 'Funko Pop Carrera');
    const before = await confirmations(other.user.id);
    for (const { link } of [won, bought]) expect((await silently(link)).status).toBe(200);
    const webhook = (p: { paymentId: string; link: string }, pesos: number) =>
      approvePayment(t, p.paymentId, pesos, sandboxTransactionId(p.link.split('/').pop()!));
    await Promise.all([
      t.advanceClock(15 * MINUTE + 1),
      webhook(won, 80_000),
      webhook(bought, 30_000),
      webhook(won, 80_000),
    ]);
    for (const { paymentId, productId } of [won, bought]) {
      expect((await payment(paymentId)).status).toBe('confirmed');
      expect(await productStatus(productId)).toBe('sold');
      expect(await countOf('payouts', paymentId)).toBe(1);
      expect(await countOf('refunds', paymentId)).toBe(0);
    }
    expect(await confirmations(other.user.id)).toBe(before + 2);
  });

  it("an approval found at the window's end confirms the sale instead of expiring it", async () => {
    const bought = await buyNowLink(buyer, 52_000, 'Funko Pop Al Final');
    // Asked at 15 minutes: not paid yet.
    await t.advanceClock(16 * MINUTE);
    expect((await payment(bought.paymentId)).status).toBe('pending');
    expect((await silently(bought.link)).status).toBe(200);
    // The window (30 minutes) ends before the job's next question is due.
    await t.advanceClock(14 * MINUTE + 30);
    expect(await payment(bought.paymentId)).toMatchObject({ status: 'confirmed' });
    expect(await productStatus(bought.productId)).toBe('sold');
    expect(await countOf('payouts', bought.paymentId)).toBe(1);
  });

  it('a late approval after the window: sold while still available, refunded when sold meanwhile', async () => {
    // Still available: the window passed unpaid, then the charge shows up at the provider.
    const alone = await buyNowLink(buyer, 33_000, 'Funko Pop Tardío');
    await t.advanceClock(31 * MINUTE);
    expect((await payment(alone.paymentId)).status).toBe('expired');
    expect((await silently(alone.link)).status).toBe(200);
    const verified = await t.request('GET', `/api/bold/verify/${alone.paymentId}`, { token: buyer.token });
    expect(verified.body.status).toBe('confirmed');
    expect(await productStatus(alone.productId)).toBe('sold');

    // Sold meanwhile: another buyer bought and paid it after this window ended.
    const first = await buyNowLink(buyer, 36_000, 'Funko Pop Disputado');
    await t.advanceClock(31 * MINUTE);
    const res = await t.request('GET', `/api/bold/buy_product/${first.productId}`, { token: other.token });
    expect(res.status).toBe(200);
    expect((await approvePayment(t, res.body.payment_id, 36_000)).body.result).toBe('confirmed');
    expect((await silently(first.link)).status).toBe(200);
    const late = await t.request('GET', `/api/bold/verify/${first.paymentId}`, { token: buyer.token });
    expect(late.body.status).not.toBe('confirmed');
    expect(await countOf('refunds', first.paymentId)).toBe(1);
    expect(await countOf('payouts', first.paymentId)).toBe(0);
    expect((await payment(res.body.payment_id)).status).toBe('confirmed');
  });

  it('approve-silently answers 404 for a link the sandbox never made', async () => {
    const res = await fetch(`${t.url}/sandbox/bold/checkout/LNK_NOSUCHLINK01/approve-silently`, {
      method: 'POST',
    });
    expect(res.status).toBe(404);
  });
});
