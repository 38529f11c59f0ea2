import { paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORDED_BODY,
  RECORDED_KEY,
  RECORDED_SIGNATURE,
} from '../../../src/modules/payments/bold-recorded-webhook.test-support.ts';
import { boldSignature } from '../../../src/modules/payments/bold-signature.ts';
import {
  boldNotification,
  insertShippingAddress,
  insertWonItem,
  signedDelivery,
} from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

/** A deterministic shuffle (mulberry32), so a failing order can be reproduced. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('Bold webhook: signature, idempotency, order', () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;

  beforeAll(async () => {
    // The sandbox signs with BOLD_SECRET_KEY when it is set, like Bold with its secret key.
    t = await startTestApp({ env: { BOLD_SECRET_KEY: RECORDED_KEY } });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'hook_vendedor' });
    buyer = await insertUserWithToken(t, { username: 'hook_comprador' });
    await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
  });
  afterAll(() => t?.close());

  const deliver = (rawBody: string, headers: Record<string, string>) =>
    t.request('POST', '/api/bold/webhook', { rawBody, headers });
  const send = (notification: unknown, secret = RECORDED_KEY) => {
    const d = signedDelivery(notification, secret);
    return deliver(d.rawBody, d.headers);
  };
  const state = async (paymentId: string, productId: number) => {
    const db = t.ctx.db;
    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const product = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const payouts = await db.selectFrom('payouts').selectAll().where('payment_id', '=', paymentId).execute();
    const events = await db
      .selectFrom('payment_events')
      .select('event_key')
      .where('payment_id', '=', paymentId)
      .execute();
    const notices = await db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where('message', 'like', `%${product.name}%`)
      .execute();
    return {
      status: payment.status,
      note: payment.status_note,
      tx: payment.provider_tx_id,
      product: product.status,
      payouts: payouts.length,
      events: events.length,
      notices: notices.length,
    };
  };
  const wonItem = (name: string, amountCentavos = 200_000_00) =>
    insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      amountCentavos,
      now: t.ctx.clock.now(),
      productName: name,
    });

  it('accepts the recorded delivery signed with the documented scheme, once', async () => {
    const first = await deliver(RECORDED_BODY, {
      'content-type': 'application/json',
      'x-bold-signature': RECORDED_SIGNATURE,
    });
    expect(first.status).toBe(200);
    // Its reference is not one of ours: kept, acknowledged, nothing else.
    expect(first.body).toEqual({ received: true, result: 'ignored' });
    const again = await deliver(RECORDED_BODY, {
      'content-type': 'application/json',
      'x-bold-signature': RECORDED_SIGNATURE,
    });
    expect(again.body.result).toBe('duplicate');
    const stored = await t.ctx.db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_key', '=', 'bold:a9c1d0f5-3b7e-4d2a-9f6c-8e4b5d2f0a1b')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'SALE_APPROVED', payment_id: null });
  });

  it('refuses a bad signature with 401 and changes nothing', async () => {
    const { product, paymentId } = await wonItem('Bad Signature Mustang');
    const before = await state(paymentId, product.id);
    const good = signedDelivery(
      boldNotification({ reference: paymentId, totalPesos: 200_000 }),
      RECORDED_KEY,
    );
    const forged = signedDelivery(
      boldNotification({ reference: paymentId, totalPesos: 200_000 }),
      'guessed-key',
    );
    const other = signedDelivery(boldNotification({ reference: paymentId, totalPesos: 1 }), RECORDED_KEY);
    const attempts: Array<[string, Record<string, string>]> = [
      [good.rawBody, { 'content-type': 'application/json' }],
      [good.rawBody, { ...good.headers, 'x-bold-signature': '' }],
      [forged.rawBody, forged.headers],
      [good.rawBody.replace('200000', '2000'), good.headers],
      [`${good.rawBody}\n`, good.headers],
      [good.rawBody, other.headers],
      [good.rawBody, { ...good.headers, 'x-bold-signature': RECORDED_SIGNATURE }],
      // The empty key of Bold's test mode is not ours.
      [good.rawBody, signedDelivery(JSON.parse(good.rawBody), '').headers],
    ];
    for (const [body, headers] of attempts) {
      const res = await deliver(body, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: m.invalidSignature, code: 'UNAUTHORIZED' });
    }
    expect(await state(paymentId, product.id)).toEqual(before);
    expect(before).toMatchObject({
      status: 'pending',
      product: 'in_auction',
      payouts: 0,
      events: 0,
      notices: 0,
    });
  });

  it('a notification replayed three times and shuffled leaves the same state', async () => {
    const finals = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const { product, paymentId } = await wonItem(`Replay Porsche ${seed}`);
      const approve = boldNotification({
        reference: paymentId,
        totalPesos: 200_000,
        transactionId: `TXA${seed}`,
      });
      const reject = boldNotification({
        type: 'SALE_REJECTED',
        reference: paymentId,
        totalPesos: 200_000,
        transactionId: `TXR${seed}`,
      });
      const deliveries = shuffled([approve, approve, approve, reject, reject, reject], seed);
      const results = [];
      for (const n of deliveries) {
        const res = await send(n);
        expect(res.status).toBe(200);
        results.push(res.body.result);
      }
      expect(results.filter((r) => r === 'duplicate')).toHaveLength(4);
      expect(results.filter((r) => r === 'confirmed')).toHaveLength(1);
      finals.push(await state(paymentId, product.id));
    }
    for (const final of finals) {
      expect(final).toEqual({
        status: 'confirmed',
        note: null,
        tx: expect.stringMatching(/^TXA/),
        product: 'sold',
        payouts: 1,
        events: 2,
        notices: 2,
      });
    }
  });

  it('the same notification delivered at the same moment is applied once', async () => {
    const { product, paymentId } = await wonItem('Concurrent Ferrari');
    const approve = boldNotification({ reference: paymentId, totalPesos: 200_000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => send(approve)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.result === 'confirmed')).toHaveLength(1);
    expect(await state(paymentId, product.id)).toMatchObject({
      status: 'confirmed',
      payouts: 1,
      events: 1,
      notices: 2,
    });
  });

  it('rejections alone leave the item payable; a later approval still confirms it', async () => {
    const { product, paymentId } = await wonItem('Rejected Beetle');
    const reject = boldNotification({ type: 'SALE_REJECTED', reference: paymentId, totalPesos: 200_000 });
    for (let i = 0; i < 3; i++) await send(reject);
    expect(await state(paymentId, product.id)).toMatchObject({
      status: 'rejected',
      note: m.paymentRejected,
      product: 'in_auction',
      payouts: 0,
      events: 1,
      notices: 0,
    });
    await send(boldNotification({ reference: paymentId, totalPesos: 200_000 }));
    expect(await state(paymentId, product.id)).toMatchObject({
      status: 'confirmed',
      note: null,
      product: 'sold',
    });
  });

  it('does not confirm a charge of another amount or currency', async () => {
    const one = await wonItem('Amount Mismatch Civic');
    const res = await send(boldNotification({ reference: one.paymentId, totalPesos: 199_999 }));
    expect(res.body.result).toBe('not_confirmed');
    expect(await state(one.paymentId, one.product.id)).toMatchObject({
      status: 'rejected',
      note: m.amountMismatch,
      product: 'in_auction',
      payouts: 0,
    });
    // The charge is given back through the processor: one refund, recorded for the refunds job.
    const refunds = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', one.paymentId)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'pending', amount: 199_999_00 });
    const two = await wonItem('Currency Mismatch Civic');
    await send(boldNotification({ reference: two.paymentId, totalPesos: 200_000, currency: 'USD' }));
    expect(await state(two.paymentId, two.product.id)).toMatchObject({
      status: 'rejected',
      note: m.amountMismatch,
    });
  });

  it('a void of a confirmed sale holds its payout and tells the seller', async () => {
    const { product, paymentId } = await wonItem('Void Corvette');
    await send(
      boldNotification({ reference: paymentId, totalPesos: 200_000, transactionId: 'CNPCVOID0001' }),
    );
    const res = await send(
      boldNotification({
        type: 'VOID_APPROVED',
        reference: paymentId,
        totalPesos: 200_000,
        transactionId: 'CNPCVOID0001',
      }),
    );
    expect(res.body.result).toBe('voided');
    expect(await state(paymentId, product.id)).toMatchObject({ status: 'confirmed', events: 2 });
    const payout = await t.ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payout.status).toBe('held');
    expect(payout.voided_at).not.toBeNull();
    const voided = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'payment_voided')
      .execute();
    expect(voided).toHaveLength(1);
  });

  it('answers 400 to signed bodies that are not notifications, 413 to huge ones', async () => {
    for (const body of ['not json', '{}', '{"id":"x","type":"SALE_APPROVED"}', '[]', 'null']) {
      const res = await deliver(body, {
        'content-type': 'application/json',
        'x-bold-signature': boldSignature(body, RECORDED_KEY),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.invalidNotification);
    }
    const huge = 'x'.repeat(70 * 1024);
    const res = await deliver(huge, {
      'content-type': 'application/json',
      'x-bold-signature': boldSignature(huge, RECORDED_KEY),
    });
    expect(res.status).toBe(413);
  });

  it('reads the raw body whatever the content type says', async () => {
    const { product, paymentId } = await wonItem('Text Plain Jaguar');
    const d = signedDelivery(boldNotification({ reference: paymentId, totalPesos: 200_000 }), RECORDED_KEY);
    const res = await deliver(d.rawBody, { ...d.headers, 'content-type': 'text/plain' });
    expect(res.status).toBe(200);
    expect(await state(paymentId, product.id)).toMatchObject({ status: 'confirmed' });
  });
});
