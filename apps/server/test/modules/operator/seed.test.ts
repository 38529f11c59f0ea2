import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('demo data for the operator console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  it('operador_demo runs a console that is not empty: a payable and a paid payout, an open report', async () => {
    const token = await t.login('operador@demo.test', 'Demo12345!');
    const profile = await t.request('GET', '/api/users/profile', { token });
    expect(profile.body).toMatchObject({ username: 'operador_demo', is_operator: true, is_seller: false });

    const payable = await t.request('GET', '/api/admin/payouts?status=payable', { token });
    expect(payable.body.items).toEqual([
      expect.objectContaining({
        seller_username: 'vendedor_demo',
        status: 'payable',
        bank: expect.any(Object),
      }),
    ]);
    expect(payable.body.items[0].payable_since).toMatch(/Z$/);
    const paid = await t.request('GET', '/api/admin/payouts?status=paid', { token });
    // Besides the console's own demo payout, the past sales behind 'Vendidos recientemente' were paid out.
    expect(paid.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          seller_username: 'vendedor_demo',
          status: 'paid',
          reference: 'TRF-DEMO-0001',
        }),
      ]),
    );
    expect(paid.body.items.every((p: { status: string }) => p.status === 'paid')).toBe(true);
    const reports = await t.request('GET', '/api/admin/reports?status=open', { token });
    expect(reports.body.items).toHaveLength(1);
    expect(reports.body.items[0]).toMatchObject({
      target_type: 'product',
      reporter_username: 'comprador_demo',
    });
    const stats = await t.request('GET', '/api/admin/stats?days=30', { token });
    // The demo's claim: a buyer's shipped card that has not arrived.
    expect(stats.body).toMatchObject({ open_reports: 1, open_claims: 1 });
    expect(stats.body.active_auctions).toBeGreaterThanOrEqual(3);
    expect(stats.body.payable_total).toBeGreaterThan(0);
    expect(stats.body.totals.orders).toBeGreaterThanOrEqual(3);
    const audit = await t.request('GET', '/api/admin/audit', { token });
    expect(audit.body.items[0]).toMatchObject({ action: 'mark_paid', actor_username: 'operador_demo' });

    // The seller sees the paid one with its date and reference.
    const seller = await t.login('vendedor@demo.test', 'Demo12345!');
    const own = await t.request('GET', '/api/pending-payments/seller', { token: seller });
    expect(own.body.find((p: { status: string }) => p.status === 'paid')).toMatchObject({
      reference: 'TRF-DEMO-0001',
    });

    // The payable one can be paid: its seller has a bank account.
    const marked = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token,
      body: { payout_ids: [payable.body.items[0].id], reference: 'TRF-DEMO-0002' },
    });
    expect(marked.status).toBe(200);
  });
});
