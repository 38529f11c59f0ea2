import {
  type BuyProductResponse,
  paymentMessages as messages,
  type PaymentLinkResponse,
  type PaymentVerification,
  type SellerPayment,
  type SellerPaymentDetail,
  type WonAuctionItem,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { imageUrl } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { applyOutcome, type OutcomeResult } from './apply-outcome.ts';
import { buyNow } from './buy-now.ts';
import { checkoutLink, paymentNotFound } from './checkout-link.ts';
import { createCombinedPayment, verifyCombined } from './combined-payments.service.ts';
import { linkUsable } from './payment-links.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import { toSellerPayment } from './payouts-view.ts';
import { reconcileWithProvider } from './reconcile.ts';
import { sellerPayoutsRepository } from './seller-payouts.repository.ts';

/*
 * Paying in steps, one concern a file: `checkout-link.ts` and `buy-now.ts` (opening a checkout,
 * with `payment-links.ts`), each provider's `parseWebhook` (a notification read as a neutral
 * outcome), `apply-outcome.ts` (an outcome applied once: `approve-sale.ts`, `void-charge.ts`,
 * `confirm-sale.ts`), `reconcile.ts` (asking the processor), `payouts-view.ts`.
 */

/**
 * A product taken down: nobody may pay for it any more. Its open payments (a won item waiting,
 * a buy-now checkout) are cancelled; a charge that still arrives for one is refunded like any
 * payment for a product no longer for sale. Answers the buyers whose payment was cancelled.
 */
export function cancelOpenPayments(
  trx: Database,
  productId: number,
  note: string,
  now: Date,
): Promise<number[]> {
  return repo.cancelOpenForProduct(trx, productId, note, now);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Paying for won items and buy-now purchases. The server alone decides a payment is confirmed:
 * from a verified notification or from asking the processor, never from the browser's return URL.
 * Every state change of a payment is one transaction that locks the payment row, then its product.
 */
export function createPaymentsService(ctx: AppContext, provider: PaymentProvider) {
  const { db, clock, config, log } = ctx;

  return {
    applyOutcome: (outcome: Parameters<typeof applyOutcome>[1]) => applyOutcome(ctx, outcome),
    reconcileWithProvider: (row: PaymentRow) => reconcileWithProvider(ctx, provider, row),

    /** The logged-in user's won-auction items, newest first. */
    async listWonItems(userId: number, page: number, size: number): Promise<WonAuctionItem[]> {
      const now = clock.now();
      const rows = await repo.listWonItems(db, userId, size, (page - 1) * size);
      return rows.map((r) => ({
        kind: r.kind === 'offer' ? ('offer' as const) : ('auction' as const),
        auction_id: r.auction_id,
        seller_username: r.seller_username,
        payment_id: r.id,
        product_id: r.product_id,
        product_name: r.product_name,
        product_image: imageUrl(r.image_id, 'thumb'),
        status: r.status,
        amount: toPesos(r.amount),
        currency: r.currency,
        payment_link: linkUsable(r, now) ? r.payment_link : null,
        expires_at: r.expires_at?.toISOString() ?? null,
        created_at: r.created_at.toISOString(),
      }));
    },

    createLink(userId: number, paymentId: string, origin: string): Promise<PaymentLinkResponse> {
      return checkoutLink(ctx, provider, { userId, paymentId, origin });
    },

    /** One checkout link for several unpaid items of one seller. */
    createCombined(userId: number, paymentIds: string[], origin: string) {
      return createCombinedPayment(ctx, provider, { userId, paymentIds, origin });
    },

    buyProduct(userId: number, productId: number, origin: string): Promise<BuyProductResponse> {
      return buyNow(ctx, provider, { userId, productId, origin });
    },

    /** The buyer's payment as the server knows it; an unconfirmed one is asked about. */
    async verify(userId: number, paymentId: string): Promise<PaymentVerification> {
      if (!isUuid(paymentId)) throw paymentNotFound();
      const id = paymentId.toLowerCase();
      const first = await repo.findPayment(db, id);
      if (!first) {
        // The processor sends the buyer back with the reference it was given: a combined one too.
        const together = await verifyCombined(ctx, provider, userId, id);
        if (together) return together;
        throw paymentNotFound();
      }
      if (first.buyer_id !== userId) throw paymentNotFound();
      if (first.status !== 'confirmed') await reconcileWithProvider(ctx, provider, first);
      const row = (await repo.findPaymentWithProduct(db, id))!;
      return {
        payment_id: row.id,
        status: row.status,
        kind: row.kind,
        auction_id: row.auction_id,
        product_id: row.product_id,
        product_name: row.product_name,
        amount: toPesos(row.amount),
        currency: row.currency,
        confirmed_at: row.confirmed_at?.toISOString() ?? null,
        message: row.status === 'confirmed' ? null : row.status_note,
      };
    },

    /** The processor's webhook: the provider checks its signature; nothing changes without it. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<OutcomeResult> {
      const reading = provider.parseWebhook(rawBody, signature);
      if (reading.kind === 'unsigned') throw unauthorized(messages.invalidSignature);
      if (reading.kind === 'malformed')
        throw badRequest('INVALID_NOTIFICATION', messages.invalidNotification);
      if (config.NODE_ENV === 'production' && reading.sandbox) {
        // The processor's test mode charges nobody: in production it never confirms a sale.
        log.error(
          { notificationId: reading.notificationId, reference: reading.outcome.paymentId },
          'sandbox notification refused in production',
        );
        return 'ignored';
      }
      return applyOutcome(ctx, reading.outcome);
    },

    /** The seller's payouts, newest first. */
    async listPayouts(sellerId: number, page: number, size: number): Promise<SellerPayment[]> {
      const rows = await sellerPayoutsRepository.listPayouts(db, sellerId, size, (page - 1) * size);
      return rows.map((row) => toSellerPayment(row, config.CLAIM_WINDOW_DAYS));
    },

    async getPayout(sellerId: number, id: string): Promise<SellerPaymentDetail> {
      const notFoundPayout = () => notFound('PAYOUT_NOT_FOUND', messages.payoutNotFound);
      if (!isUuid(id)) throw notFoundPayout();
      const row = await sellerPayoutsRepository.findPayout(db, sellerId, id.toLowerCase());
      if (!row) throw notFoundPayout();
      return {
        product: { id: row.product_id, name: row.product_name, image: imageUrl(row.image_id) },
        payment: toSellerPayment(row, config.CLAIM_WINDOW_DAYS),
      };
    },
  };
}

/**
 * An erased buyer's address copied onto their past purchases is removed; the payments stay (the
 * money records are kept).
 */
export async function forgetShippingAddressCopies(trx: Database, buyerId: number, now: Date): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ shipping_address: null, updated_at: now })
    .where('buyer_id', '=', buyerId)
    .where('shipping_address', 'is not', null)
    .execute();
}
