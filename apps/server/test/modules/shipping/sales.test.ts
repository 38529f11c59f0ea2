import { shippingStatusMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSandboxSecret } from '../../../src/modules/payments/create-provider.ts';
import {
  boldNotification,
  insertBuyNowProduct,
  insertShippingAddress,
  signedDelivery,
} from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('sold products and shipping status', () => {
  let t: TestApp;
  let seller: User;
  let rival: User;
  let buyer: User;
  let soldProductId: number;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'ventas_vendedor' });
    rival = await insertUserWithToken(t, { is_seller: true, username: 'ventas_rival' });
    buyer = await insertUserWithToken(t, { username: 'ventas_comprador', name: 'Camila' });
    await t.ctx.db
      .updateTable('users')
      .set({ last_name: 'Pérez', phone: '+57 315 222 3344' })
      .where('id', '=', buyer.user.id)
      .execute();
    await insertShippingAddress(t.ctx.db, buyer.user.id, {
      is_default: true,
      address: 'Cra 7 # 72-41',
      city: 'Bogotá',
      state: 'Cundinamarca',
      postal_code: '110231',
    });
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 55_000_00, 'Greenlight Bronco');
    soldProductId = product.id;
    const res = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    const secret = resolveSandboxSecret(undefined, t.ctx.config.dataDir);
    const d = signedDelivery(
      boldNotification({ reference: res.body.payment_id, totalPesos: 55_000 }),
      secret,
    );
    await t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
  });
  afterAll(() => t?.close());

  const sold = (token: string) => t.request('GET', '/api/products/get_sold_products', { token });
  const ship = (token: string | undefined, body: unknown) =>
    t.request('POST', '/api/products/change_shipping_status', { token, body });

  it('lists the seller’s sales with buyer details and the recorded address', async () => {
    const res = await sold(seller.token);
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([
      {
        product_id: soldProductId,
        payment_id: expect.any(String),
        product_name: 'Greenlight Bronco',
        product_image: null,
        sold_price: 55_000,
        currency: 'COP',
        buyer_name: 'Camila Pérez',
        buyer_username: 'ventas_comprador',
        buyer_email: buyer.user.email,
        buyer_phone: '+57 315 222 3344',
        shipping_address: {
          address: 'Cra 7 # 72-41',
          city: 'Bogotá',
          state: 'Cundinamarca',
          country: 'Colombia',
          zip_code: '110231',
        },
        product_status: 'sold',
        shipping_status: 'pending',
        sold_at: expect.stringMatching(/Z$/),
        shipped_at: null,
        // Not shipped yet, and nobody claimed.
        tracking: null,
        claim: null,
      },
    ]);
    // The address is a snapshot: changing it later does not rewrite the sale.
    await t.ctx.db
      .updateTable('shipping_addresses')
      .set({ city: 'Chía' })
      .where('user_id', '=', buyer.user.id)
      .execute();
    expect((await sold(seller.token)).body.products[0].shipping_address.city).toBe('Bogotá');
    expect((await sold(rival.token)).body.products).toEqual([]);
    expect((await sold(buyer.token)).body.products).toEqual([]);
    expect((await t.request('GET', '/api/products/get_sold_products')).status).toBe(401);
  });

  it('only the seller of that sale marks it shipped; others get 404 and nothing changes', async () => {
    for (const token of [rival.token, buyer.token]) {
      const res = await ship(token, { product_id: soldProductId, shipping_status: 'shipped' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.saleNotFound);
    }
    const unsold = await insertBuyNowProduct(t.ctx.db, seller.user.id);
    expect((await ship(seller.token, { product_id: unsold.id, shipping_status: 'shipped' })).status).toBe(
      404,
    );
    expect((await ship(undefined, { product_id: soldProductId, shipping_status: 'shipped' })).status).toBe(
      401,
    );
    expect((await sold(seller.token)).body.products[0].shipping_status).toBe('pending');
  });

  it('validates the request', async () => {
    for (const status of ['delivered', 'pending', 'in_transit', '', undefined]) {
      const res = await ship(seller.token, { product_id: soldProductId, shipping_status: status });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.onlyShipped);
    }
    for (const id of [undefined, 'abc', -1, 0, 1.5]) {
      const res = await ship(seller.token, { product_id: id, shipping_status: 'shipped' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.productIdRequired);
    }
  });

  it('moves pending → shipped once, even when clicked twice at once, and tells the buyer', async () => {
    const results = await Promise.all([
      ship(seller.token, { product_id: soldProductId, shipping_status: 'shipped' }),
      ship(seller.token, { product_id: String(soldProductId), shipping_status: 'shipped' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body).toEqual({
      message: m.markedShipped,
      product_id: soldProductId,
      shipping_status: 'shipped',
      product_status: 'shipped',
    });
    expect(results.find((r) => r.status === 409)!.body.message).toBe(m.alreadyShipped);

    const sale = (await sold(seller.token)).body.products[0];
    expect(sale).toMatchObject({ shipping_status: 'shipped', product_status: 'shipped' });
    expect(sale.shipped_at).toMatch(/Z$/);
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .select(['type', 'link'])
      .where('user_id', '=', buyer.user.id)
      .where('type', '=', 'item_shipped')
      .execute();
    expect(notes).toEqual([{ type: 'item_shipped', link: `/products/buy/${soldProductId}` }]);
  });
});
