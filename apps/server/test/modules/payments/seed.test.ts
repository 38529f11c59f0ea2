import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('demo data for payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  it('gives both demo buyers a default address and vendedor_demo a bank account', async () => {
    for (const email of ['comprador@demo.test', 'coleccionista@demo.test']) {
      const token = await t.login(email, 'Demo12345!');
      const res = await t.request('GET', '/api/shipping-addresses/get/user', { token });
      expect(res.status).toBe(200);
      expect(res.body.filter((a: any) => a.is_default)).toHaveLength(1);
    }
    const seller = await t.login('vendedor@demo.test', 'Demo12345!');
    const account = await t.request('GET', '/api/sellers-banks/get_by_seller_id/', { token: seller });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      bank_name: 'Bancolombia',
      account_type: 'ahorro',
      account_document_type: 'CC',
    });
  });
});
