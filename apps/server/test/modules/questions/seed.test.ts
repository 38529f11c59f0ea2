import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('demo questions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  it('vendedor_demo has answered and open questions; product pages show them', async () => {
    const seller = await t.login('vendedor@demo.test', 'Demo12345!');
    const open = await t.request('GET', '/api/questions/seller?status=unanswered', { token: seller });
    const answered = await t.request('GET', '/api/questions/seller?status=answered', { token: seller });
    expect(open.body.meta.total).toBeGreaterThanOrEqual(2);
    expect(answered.body.meta.total).toBeGreaterThanOrEqual(2);
    const productId = answered.body.items[0].product_id;
    const page = await t.request('GET', `/api/questions/product/${productId}`);
    expect(page.body.items.some((q: any) => q.answer !== null)).toBe(true);
    expect(page.body.items.some((q: any) => q.answer === null)).toBe(true);

    const store = await t.login('tienda@demo.test', 'Demo12345!');
    const storeAnswered = await t.request('GET', '/api/questions/seller?status=answered', { token: store });
    expect(storeAnswered.body.items[0]).toMatchObject({ asker_username: 'comprador_demo' });
  });
});
