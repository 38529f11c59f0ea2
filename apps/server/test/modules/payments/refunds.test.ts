import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boldNotification, insertWonItem } from '../../factories/payments.ts';
import {
  deliverNotification,
  insertBuyer,
  insertPaidBuyNowSale,
  type TestUser,
} from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('refunds of charges that cannot be applied', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let late: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'reembolso_vendedor' });
    buyer = await insertBuyer(t, 'reembolso_comprador');
    late = await insertBuyer(t, 'reembolso_tarde');
  });
  afterAll(() => t?.close());

  const refundsOf = (paymentId: string) =>
    t.ctx.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
  const payoutsOf = (paymentId: string) =>
    t.ctx.db.selectFrom('payouts').selectAll().where('payment_id', '=', paymentId).execute();

  it('a charge for an expired won item is refunded once, even replayed three times and shuffled', async () => {
    const { paymentId, product } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: late.user.id,
      amountCentavos: 70_000_00,
      now: t.ctx.clock.now(),
      productName: 'Greenlight Mustang',
    });
    await t.advanceClock(72 * 3600 + 1);
    const approved = boldNotification({
      reference: paymentId,
      totalPesos: 70_000,
      transactionId: 'CNPCLATE0001',
    });
    const rejected = boldNotification({ reference: paymentId, totalPesos: 70_000, type: 'SALE_REJECTED' });
    const results = await Promise.all(
      [rejected, approved, approved, approved].map((n) => deliverNotification(t, n)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.result === 'not_confirmed')).toHaveLength(1);

    let refunds = await refundsOf(paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      status: 'pending',
      amount: 70_000_00,
      provider_tx_id: 'CNPCLATE0001',
    });
    expect(await payoutsOf(paymentId)).toHaveLength(0);
    const row = await t.ctx.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('available');

    // The refunds job asks the sandbox, which records the refund under its own id and confirms
    // the void with its notification, like Bold.
    await t.advanceClock(1);
    refunds = await refundsOf(paymentId);
    expect(refunds[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(refunds[0]!.provider_refund_id).toMatch(/^SBXR[0-9A-F]{12}$/);
    late.token = await t.login(late.user.email, 'Secreta123!');
    const notes = await t.request('GET', '/api/notifications?size=50', { token: late.token });
    const refundNotes = notes.body.data.filter((n: { type: string }) => n.type === 'payment_refunded');
    expect(refundNotes.map((n: { title: string }) => n.title).sort()).toEqual([
      'Reembolsaremos tu pago',
      'Reembolso realizado',
    ]);
  });

  it('a second charge for an order already paid is refunded, never a second payout', async () => {
    const { paymentId } = await insertPaidBuyNowSale(t, seller, buyer, 33_000, 'Tomica Impreza');
    const again = await deliverNotification(
      t,
      boldNotification({ reference: paymentId, totalPesos: 33_000, transactionId: 'CNPCDUP00002' }),
    );
    expect(again.body.result).toBe('not_confirmed');
    expect(await refundsOf(paymentId)).toHaveLength(1);
    expect(await payoutsOf(paymentId)).toHaveLength(1);
  });

  it('a payment and the expiry at the same moment: either sold with no refund, or expired and refunded', async () => {
    const { paymentId, product } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: late.user.id,
      amountCentavos: 80_000_00,
      now: t.ctx.clock.now(),
      productName: 'Autoart Supra',
    });
    await t.advanceClock(72 * 3600 - 1);
    await Promise.all([
      deliverNotification(t, boldNotification({ reference: paymentId, totalPesos: 80_000 })),
      t.advanceClock(2),
    ]);
    await t.advanceClock(1);
    const payment = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const p = await t.ctx.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    const refunds = await refundsOf(paymentId);
    const payouts = await payoutsOf(paymentId);
    if (payment.status === 'confirmed') {
      expect(p.status).toBe('sold');
      expect(refunds).toHaveLength(0);
      expect(payouts).toHaveLength(1);
    } else {
      expect(payment.status).toBe('expired');
      expect(p.status).toBe('available');
      expect(refunds).toHaveLength(1);
      expect(payouts).toHaveLength(0);
    }
  });
});
