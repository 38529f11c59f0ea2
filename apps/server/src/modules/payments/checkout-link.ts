import { paymentMessages as messages, type PaymentLinkResponse } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { combinedPaymentsRepository as combined } from './combined-payments.repository.ts';
import {
  AUCTION_LINK_TTL_MS,
  assertPayable,
  BUY_NOW_LINK_TTL_MS,
  linkUsable,
  requestLink,
  requireDefaultAddress,
} from './payment-links.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';

export const paymentNotFound = () => notFound('PAYMENT_NOT_FOUND', messages.paymentNotFound);

/** A checkout link for the buyer's own unpaid item; a usable link is handed out again. */
export async function checkoutLink(
  ctx: AppContext,
  provider: PaymentProvider,
  input: { userId: number; paymentId: string; origin: string },
): Promise<PaymentLinkResponse> {
  const { db, clock } = ctx;
  const { userId, paymentId, origin } = input;
  if (!isUuid(paymentId)) throw paymentNotFound();
  const row = await repo.findPaymentWithProduct(db, paymentId.toLowerCase());
  if (!row || row.buyer_id !== userId) throw paymentNotFound();
  const now = clock.now();
  assertPayable(row, now);
  const stillForSale =
    row.kind === 'auction'
      ? row.product_status === 'in_auction' && row.product_auction_id === row.auction_id
      : // A buy-now checkout or an accepted offer: the product still on the shelf.
        row.product_status === 'available' && row.can_be_bought;
  if (!stillForSale) {
    throw conflict('NOT_AVAILABLE', row.kind === 'auction' ? messages.paymentExpired : messages.notAvailable);
  }
  if (row.kind !== 'auction' && (await productLifecycle.inCheckout(db, [row.product_id], now, userId)))
    throw conflict('RESERVED', messages.reservedByOther);
  const response = (r: PaymentRow): PaymentLinkResponse => ({
    message: messages.linkCreated,
    payment_id: r.id,
    payment_link: r.payment_link!,
    status: r.status,
    link_expires_at: r.link_expires_at?.toISOString() ?? null,
  });
  if (linkUsable(row, now)) return response(row);
  await requireDefaultAddress(db, userId);

  // An accepted offer is paid like a won item: a link within its own window.
  const ttl = row.kind === 'buy_now' ? BUY_NOW_LINK_TTL_MS : AUCTION_LINK_TTL_MS;
  let linkExpiresAt = new Date(now.getTime() + ttl);
  if (row.expires_at && row.kind !== 'buy_now' && row.expires_at < linkExpiresAt)
    linkExpiresAt = row.expires_at;
  const link = await requestLink(ctx, provider, row, row.product_name, linkExpiresAt, origin);

  const updated = await db.transaction().execute(async (trx) => {
    const current = await repo.findPaymentForUpdate(trx, row.id);
    if (!current || (current.status !== 'pending' && current.status !== 'rejected')) return current ?? null;
    // One live link per item: this newer one takes over from a combined link holding the item,
    // unless a charge on that one is under way.
    const holding = await combined.openHolding(trx, [row.id], { lock: true });
    if (holding.some((c) => c.status === 'processing'))
      throw conflict('PAYMENT_PROCESSING', messages.paymentProcessing);
    await combined.supersede(
      trx,
      holding.map((c) => c.id),
      clock.now(),
    );
    return repo.updatePayment(trx, row.id, {
      status: 'pending',
      payment_link: link.url,
      link_id: link.linkId,
      link_created_at: clock.now(),
      provider_checked_at: null,
      link_expires_at: linkExpiresAt,
      ...(row.kind === 'buy_now' ? { expires_at: linkExpiresAt } : {}),
      status_note: null,
      updated_at: clock.now(),
    });
  });
  if (!updated) throw paymentNotFound();
  // Paid or expired while the link was being made: say so instead of handing out a link.
  if (updated.link_id !== link.linkId) assertPayable(updated, clock.now());
  return response(updated);
}
