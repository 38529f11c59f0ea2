import { userMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../factories/products.ts';
import { insertUser } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('public seller profile by id (/seller/{id})', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers the same public profile as by username, without login', async () => {
    const seller = await insertUser(t.ctx.db, { is_seller: true, username: 'perfil_publico' });
    await insertProduct(t.ctx.db, seller.id, { can_be_bought: true, sell_price: 5000_00 });
    const byId = await t.request('GET', `/api/users/public/id/${seller.id}`);
    expect(byId.status).toBe(200);
    const byName = await t.request('GET', '/api/users/public/perfil_publico');
    expect(byId.body).toEqual(byName.body);
    expect(byId.body).toMatchObject({
      id: seller.id,
      username: 'perfil_publico',
      is_seller: true,
      address: 'Colombia',
    });
    expect(byId.body.stats.products_listed).toBe(1);
    expect(byId.body).not.toHaveProperty('email');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await t.request('GET', '/api/users/public/id/999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(userMessages.userNotFound);
    expect((await t.request('GET', '/api/users/public/id/abc')).status).toBe(400);
  });
});
