import { trackingMessages, trackingUrl } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyer, insertPaidBuyNowSale, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('tracking on shipped sales', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'guia_vendedor' });
    buyer = await insertBuyer(t, 'guia_comprador');
  });
  afterAll(() => t?.close());

  const ship = (productId: number, extra: Record<string, unknown>) =>
    t.request('POST', '/api/products/change_shipping_status', {
      token: seller.token,
      body: { product_id: productId, shipping_status: 'shipped', ...extra },
    });
  const purchase = async (productId: number) =>
    (
      await t.request('GET', '/api/products/get_purchased_products', { token: buyer.token })
    ).body.products.find((p: { product_id: number }) => p.product_id === productId);
  const sale = async (productId: number) =>
    (await t.request('GET', '/api/products/get_sold_products', { token: seller.token })).body.products.find(
      (p: { product_id: number }) => p.product_id === productId,
    );

  it('keeps carrier and number, and both sides see them with the carrier tracking link', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 30_000, 'Guía Servientrega');
    expect((await purchase(product.id)).tracking).toBeNull();
    const res = await ship(product.id, { carrier: 'servientrega', tracking_number: ' 2045-778899 ' });
    expect(res.status).toBe(200);
    const expected = {
      carrier: 'servientrega',
      carrier_label: 'Servientrega',
      tracking_number: '2045-778899',
      tracking_url: trackingUrl('servientrega', '2045-778899'),
    };
    expect(expected.tracking_url).toContain('2045-778899');
    expect((await purchase(product.id)).tracking).toEqual(expected);
    expect((await sale(product.id)).tracking).toEqual(expected);
  });

  it('takes `otra` without a number, and no link', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 30_000, 'Entrega en persona');
    expect((await ship(product.id, { carrier: 'otra' })).status).toBe(200);
    expect((await purchase(product.id)).tracking).toEqual({
      carrier: 'otra',
      carrier_label: expect.any(String),
      tracking_number: null,
      tracking_url: null,
    });
  });

  it('a carrier without a public page has no link; shipping without tracking still works', async () => {
    const a = await insertPaidBuyNowSale(t, seller, buyer, 30_000, 'Guía Envía');
    expect((await ship(a.product.id, { carrier: 'envia', tracking_number: 'ENV123' })).status).toBe(200);
    expect((await purchase(a.product.id)).tracking.tracking_url).toBeNull();
    const b = await insertPaidBuyNowSale(t, seller, buyer, 30_000, 'Sin guía');
    expect((await ship(b.product.id, {})).status).toBe(200);
    expect((await purchase(b.product.id)).tracking).toBeNull();
  });

  it('refuses a missing number (but for otra), a long or odd number, an unknown carrier, a number alone', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 30_000, 'Guía inválida');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ carrier: 'coordinadora' }, trackingMessages.trackingNumberRequired],
      [{ carrier: 'coordinadora', tracking_number: '   ' }, trackingMessages.trackingNumberRequired],
      [{ carrier: 'coordinadora', tracking_number: '1'.repeat(41) }, trackingMessages.trackingNumberTooLong],
      [{ carrier: 'coordinadora', tracking_number: '<script>' }, trackingMessages.trackingNumberInvalid],
      [{ carrier: 'dhl', tracking_number: '123' }, trackingMessages.carrierInvalid],
      [{ tracking_number: '123' }, trackingMessages.carrierInvalid],
      [{ carrier: ['servientrega'], tracking_number: '123' }, trackingMessages.carrierInvalid],
      [{ carrier: 'servientrega', tracking_number: 12345 }, trackingMessages.trackingNumberInvalid],
    ];
    for (const [extra, message] of cases) {
      const res = await ship(product.id, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.errors).toContain(message);
    }
    // Nothing was recorded; 40 characters are fine.
    expect((await purchase(product.id)).shipping_status).toBe('pending');
    expect(
      (await ship(product.id, { carrier: 'coordinadora', tracking_number: '1'.repeat(40) })).status,
    ).toBe(200);
  });
});
