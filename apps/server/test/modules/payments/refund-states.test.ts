import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWonItem } from '../../factories/payments.ts';
import { approvePayment, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from '../operator/operator-support.ts';

/** A refund the sandbox rejects is failed, shown to operators, retried once to done. */
describe('refund states and the operator retry', { timeout: 300_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let ana: TestUser;
  let beto: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'reemb_vendedor' });
    buyer = await insertBuyer(t, 'reemb_comprador');
    ana = await insertOperator(t, 'reemb_ana');
    beto = await insertOperator(t, 'reemb_beto');
  });
  afterAll(async () => {
    await fetch(`${t?.url}/sandbox/bold/refunds/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reject: false }),
    }).catch(() => undefined);
    await t?.close();
  });

  const rejectRefunds = (reject: unknown) =>
    fetch(`${t.url}/sandbox/bold/refunds/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reject }),
    });
  const list = (token: string, query: string) => t.request('GET', `/api/admin/refunds${query}`, { token });
  const retry = (token: string, id: string) => t.request('POST', `/api/admin/refunds/${id}/retry`, { token });
  const metric = async (status: string) => {
    const text = await (await fetch(`${t.url}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('payments_refunds{') && l.includes(`status="${status}"`));
    return Number(line?.split(' ').pop());
  };

  it('rejected by the processor: failed, listed with its fields, retried to done once; a done one is 409', async () => {
    expect((await rejectRefunds('si')).status).toBe(400);
    expect((await rejectRefunds(true)).status).toBe(200);
    // A charge for a won item whose window had passed: refunded.
    const won = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      amountCentavos: 75_000_00,
      now: t.ctx.clock.now(),
      productName: 'Carta Mewtwo',
    });
    await t.advanceClock(72 * 3600 + 1);
    expect((await approvePayment(t, won.paymentId, 75_000)).body.result).toBe('not_confirmed');
    await t.advanceClock(1); // the refunds job asks the sandbox, which rejects the void
    const failed = await list(ana.token, '?status=failed');
    expect(failed.status).toBe(200);
    const item = failed.body.items.find((r: { payment_id: string }) => r.payment_id === won.paymentId);
    expect(item).toEqual({
      id: expect.any(String),
      payment_id: won.paymentId,
      product_name: 'Carta Mewtwo',
      buyer_username: 'reemb_comprador',
      amount: 75_000,
      status: 'failed',
      reason: expect.any(String),
      attempts: 1,
      last_error: 'Bold rechazó la anulación',
      created_at: expect.stringMatching(/Z$/),
    });
    expect(failed.body.meta).toMatchObject({ page: 1, total: 1 });
    expect((await list(ana.token, '?status=done')).body.items).toHaveLength(0);
    expect(await metric('failed')).toBe(1);

    // Not for anyone else; bad input refused.
    expect((await list(buyer.token, '')).status).toBe(403);
    expect((await retry(buyer.token, item.id)).status).toBe(403);
    expect((await list(ana.token, '?status=lost')).status).toBe(400);
    expect((await retry(ana.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // Two operators at once: one retry, one refund asked of the processor, one audit entry.
    expect((await rejectRefunds(false)).status).toBe(200);
    const [first, second] = await Promise.all([retry(ana.token, item.id), retry(beto.token, item.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.refund).toMatchObject({ id: item.id, status: 'done', attempts: 2, last_error: null });
    const refunds = await t.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('payment_id', '=', won.paymentId)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'done', attempts: 2 });
    const audit = await t.request('GET', '/api/admin/audit?size=50', { token: ana.token });
    expect(audit.body.items.filter((e: { action: string }) => e.action === 'retry_refund')).toHaveLength(1);
    expect(await metric('done')).toBe(1);
    expect(await metric('failed')).toBe(0);

    // A refund that is not failed is not retried.
    const again = await retry(ana.token, item.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REFUND_NOT_FAILED');
  });
});
