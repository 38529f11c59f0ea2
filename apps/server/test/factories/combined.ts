import { expect } from 'vitest';
import type { TestApp } from '../support/build-app.ts';
import { insertWonItem } from './payments.ts';
import type { TestUser } from './sales.ts';

/** Helpers for paying several items together: items, the endpoint and the sandbox's buttons. */
export function combinedHelpers(t: TestApp) {
  const db = () => t.ctx.db;
  return {
    async wonItem(seller: TestUser, buyer: TestUser, pesos: number, productName: string) {
      const won = await insertWonItem(db(), {
        sellerId: seller.user.id,
        buyerId: buyer.user.id,
        amountCentavos: pesos * 100,
        now: t.ctx.clock.now(),
        productName,
      });
      return { paymentId: won.paymentId, productId: won.product.id };
    },
    combine(buyer: TestUser, paymentIds: string[]) {
      return t.request('POST', '/api/payments/combined', {
        token: buyer.token,
        body: { payment_ids: paymentIds },
      });
    },
    /** A button of the sandbox checkout, as the browser's form posts it. */
    press(link: string, action: 'approve' | 'reject' | 'approve-silently') {
      return fetch(`${link}/${action}`, { method: 'POST', redirect: 'manual' });
    },
    payment: (id: string) =>
      db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    combined: (id: string) =>
      db().selectFrom('combined_payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    productStatus: async (id: number) =>
      (await db().selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    payouts: (paymentId: string) =>
      db().selectFrom('payouts').selectAll().where('payment_id', '=', paymentId).execute(),
    refunds: (paymentIds: string[]) =>
      db().selectFrom('refunds').selectAll().where('payment_id', 'in', paymentIds).execute(),
    /** How many checkout links are live for one item: its own, and open combined ones holding it. */
    async liveLinks(paymentId: string): Promise<number> {
      const now = t.ctx.clock.now();
      const own = await db()
        .selectFrom('payments')
        .select('id')
        .where('id', '=', paymentId)
        .where('status', '=', 'pending')
        .where('payment_link', 'is not', null)
        .where('link_expires_at', '>', now)
        .execute();
      const together = await db()
        .selectFrom('combined_payments as cp')
        .innerJoin('combined_payment_items as i', 'i.combined_payment_id', 'cp.id')
        .select('cp.id')
        .where('i.payment_id', '=', paymentId)
        .where('cp.status', '=', 'pending')
        .where('cp.link_expires_at', '>', now)
        .execute();
      return own.length + together.length;
    },
    async expectPayableAlone(buyer: TestUser, paymentId: string) {
      const res = await t.request('POST', `/api/bold/create/${paymentId}`, { token: buyer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.payment_link as string;
    },
  };
}
