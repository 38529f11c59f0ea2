import { AUTO_DELIVERY_DAYS, shippingStatusMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceAndRelogin,
  insertBuyer,
  insertPaidBuyNowSale,
  ship,
  type TestUser,
} from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('delivery and held payouts', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await insertUserWithToken(t, { is_seller: true, username: 'entrega_vendedor' });
    buyer = await insertBuyer(t, 'entrega_comprador');
    stranger = await insertBuyer(t, 'entrega_extrano');
  });
  afterAll(() => t?.close());

  const confirm = (token: string | undefined, body: unknown) =>
    t.request('POST', '/api/products/confirm_delivery', { token, body });
  const payouts = async () => {
    const res = await t.request('GET', '/api/pending-payments/seller', { token: seller.token });
    expect(res.status).toBe(200);
    return res.body as Array<{ id: string; product_id: number; status: string }>;
  };
  const payoutOf = async (productId: number) => (await payouts()).find((p) => p.product_id === productId)!;
  const soldRow = async (productId: number) => {
    const res = await t.request('GET', '/api/products/get_sold_products', { token: seller.token });
    return res.body.products.find((p: { product_id: number }) => p.product_id === productId);
  };

  it('holds the payout until the buyer confirms receipt, then makes it payable', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 40_000, 'Tomica Skyline');
    let payout = await payoutOf(product.id);
    expect(payout.status).toBe('held');
    const detail = await t.request('GET', `/api/pending-payments/get/${payout.id}`, { token: seller.token });
    expect(detail.body.payment.status).toBe('held');

    // Not shipped yet: the buyer cannot confirm.
    const early = await confirm(buyer.token, { product_id: product.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(m.notShipped);

    await ship(t, seller, product.id);
    expect((await payoutOf(product.id)).status).toBe('held');

    // The seller, another user, no token, a product nobody bought: nobody but the buyer.
    expect((await confirm(seller.token, { product_id: product.id })).status).toBe(404);
    expect((await confirm(stranger.token, { product_id: product.id })).status).toBe(404);
    expect((await confirm(undefined, { product_id: product.id })).status).toBe(401);
    expect((await confirm(buyer.token, { product_id: 999_999 })).status).toBe(404);
    expect((await confirm(buyer.token, { product_id: 'uno' })).status).toBe(400);
    expect((await payoutOf(product.id)).status).toBe('held');

    const ok = await confirm(buyer.token, { product_id: product.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ shipping_status: 'delivered', product_status: 'delivered' });

    // Delivered: still held through the claim window, then payable (the timed job).
    payout = await payoutOf(product.id);
    expect(payout.status).toBe('held');
    const sale = await soldRow(product.id);
    expect(sale.shipping_status).toBe('delivered');
    expect(sale.product_status).toBe('delivered');

    // A second confirmation is a conflict and changes nothing.
    const again = await confirm(buyer.token, { product_id: product.id });
    expect(again.status).toBe(409);

    const notes = await t.request('GET', '/api/notifications?size=50', { token: seller.token });
    expect(notes.body.data.some((n: { type: string }) => n.type === 'item_delivered')).toBe(true);
  });

  it('two confirmations at the same moment: one succeeds, one conflicts', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 41_000, 'Majorette Porsche');
    await ship(t, seller, product.id);
    const results = await Promise.all([
      confirm(buyer.token, { product_id: product.id }),
      confirm(buyer.token, { product_id: product.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await payoutOf(product.id)).status).toBe('held');
    await advanceAndRelogin(t, t.ctx.config.CLAIM_WINDOW_DAYS * 24 * 3600 + 1, [seller, buyer, stranger]);
    expect((await payoutOf(product.id)).status).toBe('payable');
  });

  it(`delivers a shipped product by itself ${AUTO_DELIVERY_DAYS} days after shipping`, async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, buyer, 42_000, 'Mini GT Supra');
    const pending = await insertPaidBuyNowSale(t, seller, buyer, 43_000, 'Kyosho Lancia');
    await ship(t, seller, product.id);

    await advanceAndRelogin(t, (AUTO_DELIVERY_DAYS * 24 - 1) * 3600, [seller, buyer, stranger]);
    expect((await soldRow(product.id)).shipping_status).toBe('shipped');
    expect((await payoutOf(product.id)).status).toBe('held');

    await advanceAndRelogin(t, 3600 + 1, [seller, buyer, stranger]);
    const sale = await soldRow(product.id);
    expect(sale.shipping_status).toBe('delivered');
    expect(sale.product_status).toBe('delivered');
    expect((await payoutOf(product.id)).status).toBe('held');
    await advanceAndRelogin(t, t.ctx.config.CLAIM_WINDOW_DAYS * 24 * 3600 + 1, [seller, buyer, stranger]);
    expect((await payoutOf(product.id)).status).toBe('payable');
    // Never shipped: nothing to deliver, still held.
    expect((await soldRow(pending.product.id)).shipping_status).toBe('pending');
    expect((await payoutOf(pending.product.id)).status).toBe('held');
  });

  it('lists the buyer’s purchases, only their own', async () => {
    const res = await t.request('GET', '/api/products/get_purchased_products', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.products.length).toBe(4);
    const first = res.body.products.find((p: { product_name: string }) => p.product_name === 'Mini GT Supra');
    expect(first).toMatchObject({
      price: 42_000,
      seller_username: 'entrega_vendedor',
      product_status: 'delivered',
      shipping_status: 'delivered',
      rating: null,
    });
    expect(first.paid_at).toMatch(/Z$/);
    const other = await t.request('GET', '/api/products/get_purchased_products', { token: stranger.token });
    expect(other.body.products).toEqual([]);
    expect((await t.request('GET', '/api/products/get_purchased_products')).status).toBe(401);
  });
});
