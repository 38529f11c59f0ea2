import { ratingMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyer, insertPaidBuyNowSale, ship, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('seller ratings', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'califica_vendedor' });
    buyer = await insertBuyer(t, 'califica_comprador');
    other = await insertBuyer(t, 'califica_otro');
  });
  afterAll(() => t?.close());

  const rate = (token: string | undefined, body: unknown) =>
    t.request('POST', '/api/ratings', { token, body });
  const confirm = (token: string, productId: number) =>
    t.request('POST', '/api/products/confirm_delivery', { token, body: { product_id: productId } });
  const profile = () => t.request('GET', '/api/users/public/califica_vendedor');

  it('starts with no ratings on the public profile', async () => {
    const res = await profile();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rating_average: null, rating_count: 0 });
    const list = await t.request('GET', '/api/ratings/seller/califica_vendedor');
    expect(list.body).toEqual({ items: [], meta: { total: 0, pages: 0, page: 1, size: 10 } });
  });

  it('lets only the buyer rate, only after delivery, only once', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 30_000, 'Tomica Civic');

    // Paid but not delivered (pending, then shipped): 403.
    let res = await rate(buyer.token, { product_id: product.id, score: 5 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(m.notDelivered);
    await ship(t, seller, product.id);
    expect((await rate(buyer.token, { product_id: product.id, score: 5 })).status).toBe(403);
    expect((await confirm(buyer.token, product.id)).status).toBe(200);

    // Another user, the seller, no token, a product nobody bought.
    res = await rate(other.token, { product_id: product.id, score: 1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(m.notYours);
    expect((await rate(seller.token, { product_id: product.id, score: 5 })).status).toBe(403);
    expect((await rate(undefined, { product_id: product.id, score: 5 })).status).toBe(401);
    expect((await rate(buyer.token, { product_id: 999_999, score: 5 })).status).toBe(403);

    // Hostile or invalid input: 400 with the Spanish message.
    for (const body of [
      { product_id: product.id, score: 0 },
      { product_id: product.id, score: 6 },
      { product_id: product.id, score: 4.5 },
      { product_id: product.id, score: '5' },
      { product_id: product.id },
      { product_id: product.id, score: 4, comment: 'x'.repeat(501) },
      { product_id: 'abc', score: 4 },
    ]) {
      const bad = await rate(buyer.token, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }

    res = await rate(buyer.token, { product_id: product.id, score: 4, comment: '  Llegó perfecto  ' });
    expect(res.status).toBe(201);
    expect(res.body.rating).toMatchObject({
      score: 4,
      comment: 'Llegó perfecto',
      buyer_username: 'califica_comprador',
    });

    res = await rate(buyer.token, { product_id: product.id, score: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.alreadyRated);

    const purchases = await t.request('GET', '/api/products/get_purchased_products', { token: buyer.token });
    expect(purchases.body.products[0].rating).toMatchObject({ score: 4, comment: 'Llegó perfecto' });
  });

  it('two ratings of one purchase at the same moment: exactly one is stored', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, other, 31_000, 'Tomica GT-R');
    await ship(t, seller, product.id);
    await confirm(other.token, product.id);
    const results = await Promise.all([
      rate(other.token, { product_id: product.id, score: 5 }),
      rate(other.token, { product_id: product.id, score: 2, comment: 'otra' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const stored = await t.ctx.db
      .selectFrom('ratings')
      .select('score')
      .where('product_id', '=', product.id)
      .execute();
    expect(stored).toHaveLength(1);
    // The stored score is the one whose request got the 201.
    const winner = results.findIndex((r) => r.status === 201);
    expect(stored[0]?.score).toBe(winner === 0 ? 5 : 2);
  });

  it('averages with one decimal on the profile and lists newest first, paginated', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 32_000, 'Tomica Supra');
    await ship(t, seller, product.id);
    await confirm(buyer.token, product.id);
    await t.advanceClock(60);
    expect((await rate(buyer.token, { product_id: product.id, score: 5, comment: null })).status).toBe(201);

    const res = await profile();
    // 4 + 5 + the race winner (5 or 2): 14/3 = 4.7 or 11/3 = 3.7.
    const stored = await t.ctx.db.selectFrom('ratings').select('score').execute();
    const sum = stored.reduce((a, r) => a + r.score, 0);
    expect(res.body.rating_count).toBe(3);
    expect(res.body.rating_average).toBe(Math.round((sum / 3) * 10) / 10);

    const page1 = await t.request('GET', '/api/ratings/seller/CALIFICA_VENDEDOR?page=1&size=2');
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ total: 3, pages: 2, page: 1, size: 2 });
    expect(page1.body.items[0]).toEqual({
      score: 5,
      comment: null,
      buyer_username: 'califica_comprador',
      created_at: expect.stringMatching(/Z$/),
    });
    const page2 = await t.request('GET', '/api/ratings/seller/califica_vendedor?page=2&size=2');
    expect(page2.body.items.length).toBe(1);
    expect((await t.request('GET', '/api/ratings/seller/califica_vendedor?size=101')).status).toBe(400);
    expect((await t.request('GET', '/api/ratings/seller/nadie_aqui')).status).toBe(404);
  });
});
