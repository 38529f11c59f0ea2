import { resolveSandboxSecret } from '../../src/modules/payments/create-provider.ts';
import type { TestApp } from '../support/build-app.ts';
import { boldNotification, insertBuyNowProduct, insertShippingAddress, signedDelivery } from './payments.ts';
import { insertUserWithToken, TEST_PASSWORD } from './users.ts';

export type TestUser = Awaited<ReturnType<typeof insertUserWithToken>>;

/** A buyer with a default shipping address (needed to pay). */
export async function insertBuyer(t: TestApp, username: string): Promise<TestUser> {
  const buyer = await insertUserWithToken(t, { username });
  await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
  return buyer;
}

/** Delivers a signed Bold notification to the webhook, like Bold (or the sandbox) would. */
export async function deliverNotification(t: TestApp, notification: unknown) {
  const secret = resolveSandboxSecret(undefined, t.ctx.config.dataDir);
  const d = signedDelivery(notification, secret);
  return t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
}

/** Approves a payment through the webhook: the amount in whole pesos must match. */
export function approvePayment(t: TestApp, paymentId: string, totalPesos: number, transactionId?: string) {
  return deliverNotification(t, boldNotification({ reference: paymentId, totalPesos, transactionId }));
}

/** A buy-now sale of `seller`'s new product to `buyer`, paid and confirmed. */
export async function insertPaidBuyNowSale(
  t: TestApp,
  seller: TestUser,
  buyer: TestUser,
  pricePesos = 55_000,
  name = 'Greenlight Bronco',
) {
  const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, pricePesos * 100, name);
  const res = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
  if (res.status !== 200) throw new Error(`buy_product failed: ${res.status} ${JSON.stringify(res.body)}`);
  const paid = await approvePayment(t, res.body.payment_id, pricePesos);
  if (paid.body?.result !== 'confirmed')
    throw new Error(`payment not confirmed: ${JSON.stringify(paid.body)}`);
  return { product, paymentId: res.body.payment_id as string };
}

/** The seller marks a sale shipped. */
export async function ship(t: TestApp, seller: TestUser, productId: number) {
  const res = await t.request('POST', '/api/products/change_shipping_status', {
    token: seller.token,
    body: { product_id: productId, shipping_status: 'shipped' },
  });
  if (res.status !== 200) throw new Error(`ship failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Moves the clock and logs the users in again: sessions last 7 days, so a jump past that would
 * leave their tokens expired.
 */
export async function advanceAndRelogin(t: TestApp, seconds: number, users: TestUser[]) {
  await t.advanceClock(seconds);
  for (const u of users) u.token = await t.login(u.user.email, TEST_PASSWORD);
}

/**
 * Bids on a product's race as they would stand after it: in the order given (amounts in pesos),
 * a second apart, starting an hour before `now`.
 */
export async function insertPastBids(
  t: TestApp,
  race: { auction: { id: number }; product: { id: number } },
  bids: Array<[TestUser, number]>,
  now: Date,
) {
  let at = now.getTime() - 3600_000;
  for (const [user, pesos] of bids) {
    at += 1000;
    await t.ctx.db
      .insertInto('bids')
      .values({
        auction_id: race.auction.id,
        product_id: race.product.id,
        user_id: user.user.id,
        amount: pesos * 100,
        created_at: new Date(at),
      })
      .execute();
  }
}
