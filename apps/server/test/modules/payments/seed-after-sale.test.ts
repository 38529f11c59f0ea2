import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('demo data after the sale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  it('comprador_demo has one delivered and rated purchase and one shipped purchase', async () => {
    const token = await t.login('comprador@demo.test', 'Demo12345!');
    const res = await t.request('GET', '/api/products/get_purchased_products', { token });
    expect(res.status).toBe(200);
    const byStatus = Object.fromEntries(
      res.body.products.map((p: { shipping_status: string }) => [p.shipping_status, p]),
    );
    expect(byStatus.delivered).toMatchObject({
      seller_username: 'vendedor_demo',
      product_status: 'delivered',
    });
    expect(byStatus.delivered.rating.score).toBe(5);
    expect(byStatus.shipped).toMatchObject({ seller_username: 'tienda_retro', product_status: 'shipped' });

    const profile = await t.request('GET', '/api/users/public/vendedor_demo');
    expect(profile.body).toMatchObject({ rating_average: 5, rating_count: 1 });
    const ratings = await t.request('GET', '/api/ratings/seller/vendedor_demo');
    expect(ratings.body.items[0]).toMatchObject({ score: 5, buyer_username: 'comprador_demo' });

    const seller = await t.login('tienda@demo.test', 'Demo12345!');
    const payouts = await t.request('GET', '/api/pending-payments/seller', { token: seller });
    // The shipped sale's payout is held; the rest are the past sales behind 'Vendidos recientemente', paid out.
    const statuses: string[] = payouts.body.map((p: { status: string }) => p.status);
    expect(statuses.filter((status) => status !== 'paid')).toEqual(['held']);
  });
});
