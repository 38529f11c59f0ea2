import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator, insertSaleWithPayout } from './operator-support.ts';

/** A payout voided by a refund is owed to nobody: neither listed as held nor keeping an account open. */
describe('voided payouts', () => {
  let t: TestApp;
  let operator: TestUser;
  let seller: TestUser;
  let buyer: TestUser;
  let voidedId: string;
  let heldId: string;

  beforeAll(async () => {
    t = await startTestApp();
    operator = await insertOperator(t, 'operadora_anulados');
    seller = await insertUserWithToken(t, { username: 'vendedor_anulado', is_seller: true });
    buyer = await insertUserWithToken(t, { username: 'comprador_anulado' });
    const voided = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      productName: 'Venta Reembolsada',
      status: 'held',
    });
    await t.ctx.db
      .updateTable('payouts')
      .set({ voided_at: t.ctx.clock.now() })
      .where('id', '=', voided.payoutId)
      .execute();
    voidedId = voided.payoutId;
    const other = await insertUserWithToken(t, { username: 'vendedor_retenido', is_seller: true });
    heldId = (
      await insertSaleWithPayout(t, { sellerId: other.user.id, buyerId: buyer.user.id, status: 'held' })
    ).payoutId;
  });
  afterAll(() => t?.close());

  it('leave the console held list and its count; the held sum matches the list', async () => {
    const res = await t.request('GET', '/api/admin/payouts?status=held&page=1&size=50', {
      token: operator.token,
    });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(heldId);
    expect(ids).not.toContain(voidedId);
    expect(res.body.meta.total).toBe(ids.length);
    const all = await t.request('GET', '/api/admin/payouts?page=1&size=50', { token: operator.token });
    expect(all.body.items.map((p: { id: string }) => p.id)).not.toContain(voidedId);
    const stats = await t.request('GET', '/api/admin/stats?days=7', { token: operator.token });
    const heldSum = res.body.items.reduce(
      (sum: number, p: { payable_amount: number }) => sum + p.payable_amount,
      0,
    );
    expect(stats.body.held_total).toBe(heldSum);
  });

  it('do not keep the seller from deleting their account', async () => {
    const res = await t.request('POST', '/api/users/me/delete', {
      token: seller.token,
      body: { password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    await expect(t.login(seller.user.email, TEST_PASSWORD)).rejects.toThrow();
  });
});
