import { insertPaidBuyNowSale, ship, type TestUser } from '../../factories/sales.ts';
import type { TestApp } from '../../support/build-app.ts';

export const DAY = 24 * 3600;
export const LONG_ENOUGH = 'El producto llegó con la caja rota y una rueda suelta.';

let counter = 0;

/** A paid, shipped buy-now sale from `seller` to `buyer`. */
export async function shippedSale(t: TestApp, seller: TestUser, buyer: TestUser, name?: string) {
  counter += 1;
  const sale = await insertPaidBuyNowSale(t, seller, buyer, 60_000, name ?? `Reclamable ${counter}`);
  await ship(t, seller, sale.product.id);
  return sale;
}

export function openClaim(t: TestApp, token: string | undefined, body: unknown) {
  return t.request('POST', '/api/claims', { token, body });
}

export async function openedClaim(t: TestApp, buyer: TestUser, productId: number, reason = 'danado') {
  const res = await openClaim(t, buyer.token, { product_id: productId, reason, description: LONG_ENOUGH });
  if (res.status !== 201) throw new Error(`open claim failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string; opened_at: string };
}

export async function payoutOf(t: TestApp, paymentId: string) {
  return t.ctx.db
    .selectFrom('payouts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

export async function refundsOf(t: TestApp, paymentId: string) {
  return t.ctx.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
}

export async function notificationsOf(t: TestApp, userId: number, type: string) {
  return t.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
}
