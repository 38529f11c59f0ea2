import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveredPayment } from '../../../src/seed/sale-rows.ts';
import { insertBuyNowProduct, insertWonItem } from '../../factories/payments.ts';
import { insertProduct } from '../../factories/products.ts';
import { approvePayment, insertBuyer } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/*
 * The demo buyer's history holds sales made in auctions that have no auction record (the
 * payment's auction_id is null), beside buy-now purchases: 'Subastas ganadas' answered 500
 * because its schema required an auction id on every row.
 */
describe("'Subastas ganadas' of a buyer who bought directly and whose past sales have no auction", () => {
  let t: TestApp;
  afterAll(() => t?.close());
  beforeAll(async () => {
    t = await startTestApp();
  });

  it('lists every won item, with a null auction id where the sale has none', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'wi_vendedor' });
    const buyer = await insertBuyer(t, 'wi_comprador');
    const now = t.ctx.clock.now();
    const won = await insertWonItem(t.ctx.db, { sellerId: seller.user.id, buyerId: buyer.user.id, now });
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 80_000_00, 'Funko Pop Bulma');
    const bought = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(bought.status).toBe(200);
    expect((await approvePayment(t, bought.body.payment_id, 80_000)).body.result).toBe('confirmed');
    const past = await insertProduct(t.ctx.db, seller.user.id, {
      name: 'Tomica Skyline',
      status: 'delivered',
    });
    const pastSale = await insertDeliveredPayment(t.ctx.db, {
      kind: 'auction',
      productId: past.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      amount: 40_000_00,
      provider: 'sandbox',
      paidAt: new Date(now.getTime() - 10 * 86_400_000),
      deliveredAt: new Date(now.getTime() - 6 * 86_400_000),
    });

    const list = await t.request('GET', '/api/payments/get_payments_by_user_id', { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ payment_id: won.paymentId, auction_id: won.auction.id, status: 'pending' }),
      expect.objectContaining({
        payment_id: pastSale.id,
        auction_id: null,
        status: 'confirmed',
        amount: 40_000,
      }),
    ]);
  });
});
