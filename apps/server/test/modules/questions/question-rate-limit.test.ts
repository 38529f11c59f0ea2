import { afterAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('questions: at most 10 per account per hour', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('the 11th question within an hour is a 429; another account still asks', async () => {
    t = await startTestApp({ env: { RATE_LIMIT: '1' } });
    const seller = await insertUserWithToken(t, { is_seller: true });
    const asker = await insertUserWithToken(t);
    const other = await insertUserWithToken(t);
    const product = await insertProduct(t.ctx.db, seller.user.id);
    const ask = (token: string, i: number) =>
      t.request('POST', '/api/questions', {
        token,
        body: { product_id: product.id, text: `Pregunta número ${i}` },
      });
    for (let i = 0; i < 10; i++) expect((await ask(asker.token, i)).status).toBe(201);
    const refused = await ask(asker.token, 10);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Demasiadas solicitudes/);
    expect((await ask(other.token, 0)).status).toBe(201);
  });
});
