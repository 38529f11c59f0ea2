import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boldNotification, insertWonItem, signedDelivery } from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const API_KEY = 'fake-identity-key-refunds';
const SECRET_KEY = 'fake-secret-key-refunds';

/** A local stand-in of Bold's void call (never the internet): fails once, then succeeds. */
function fakeBold() {
  const calls: Array<{ url: string; authorization?: string; body: any }> = [];
  let failures = 1;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      calls.push({
        url: req.url!,
        authorization: req.headers.authorization,
        body: data ? JSON.parse(data) : null,
      });
      res.setHeader('content-type', 'application/json');
      if (failures > 0) {
        failures -= 1;
        res.statusCode = 503;
        return res.end(JSON.stringify({ payload: null, errors: [{ message: 'unavailable' }] }));
      }
      res.end(JSON.stringify({ payload: { void_id: 'VOID_FAKE_0001', status: 'APPROVED' }, errors: [] }));
    });
  });
  return { server, calls };
}

describe('refunds through Bold (local fake)', () => {
  const bold = fakeBold();
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => bold.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(bold.server.address() as AddressInfo).port}`;
    t = await startTestApp({
      env: {
        PAYMENTS_PROVIDER: 'bold',
        BOLD_API_KEY: API_KEY,
        BOLD_SECRET_KEY: SECRET_KEY,
        BOLD_API_URL: url,
        PUBLIC_URL: 'https://coleccionables.example',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => bold.server.close(() => resolve()));
  });

  it('calls Bold’s void for a late charge, retries after a failure, and records the refund', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true });
    const buyer = await insertUserWithToken(t);
    const { paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      amountCentavos: 90_000_00,
      now: t.ctx.clock.now(),
      provider: 'bold',
    });
    await t.advanceClock(72 * 3600 + 1);
    const d = signedDelivery(
      boldNotification({ reference: paymentId, totalPesos: 90_000, transactionId: 'CNPCBOLD0001' }),
      SECRET_KEY,
    );
    const res = await t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
    expect(res.body.result).toBe('not_confirmed');

    await t.advanceClock(1); // first attempt: Bold answers 503
    let refund = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refund.last_error).toContain('503');
    expect(bold.calls).toHaveLength(1);
    expect(bold.calls[0]).toMatchObject({
      url: '/online/payment/CNPCBOLD0001/void',
      authorization: `x-api-key ${API_KEY}`,
      body: { reference: paymentId, amount: { currency: 'COP', total_amount: 90_000 } },
    });

    await t.advanceClock(30); // not yet due again
    expect(bold.calls).toHaveLength(1);
    await t.advanceClock(60);
    refund = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    // Accepted is not done: the refund waits for Bold's word on the void.
    expect(refund).toMatchObject({ status: 'pending', attempts: 2, provider_refund_id: 'VOID_FAKE_0001' });
    expect(refund.requested_at).not.toBeNull();
    expect(bold.calls).toHaveLength(2);

    // Bold's VOID_APPROVED for that charge makes it done, and nothing more.
    const v = signedDelivery(
      boldNotification({
        type: 'VOID_APPROVED',
        reference: paymentId,
        totalPesos: 90_000,
        transactionId: 'CNPCBOLD0001',
      }),
      SECRET_KEY,
    );
    const voided = await t.request('POST', '/api/bold/webhook', { rawBody: v.rawBody, headers: v.headers });
    expect(voided.body.result).toBe('voided');
    refund = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'done' });
    expect(refund.refunded_at).not.toBeNull();
    expect(
      await t.ctx.db.selectFrom('payouts').selectAll().where('payment_id', '=', paymentId).execute(),
    ).toHaveLength(0);
  });
});
