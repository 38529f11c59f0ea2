import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BuyProductResponse,
  claimWindowEndsAt,
  paymentMessages as messages,
  type PaymentLinkResponse,
  type PaymentVerification,
  type SellerPayment,
  type SellerPaymentDetail,
  type WonAuctionItem,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import type { PaymentStatus } from '../../platform/db-schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { imageUrl } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/products.service.ts';
import { defaultAddressForSale } from '../shipping/shipping-addresses.service.ts';
import { confirmSale, type PaymentOutcome } from './confirm-sale.ts';

export type { PaymentOutcome } from './confirm-sale.ts';

/** Closing an auction creates the winner's pending item inside its own transaction. */
export { createWonAuctionItem } from './won-items.ts';

import { BoldNotificationSchema } from './bold-notification.ts';
import { verifyBoldSignature } from './bold-signature.ts';
import { type LinkStatus, type PaymentProvider, PaymentProviderTimeout } from './payment-provider.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import { recordRefund } from './refunds.ts';

/** A won item's link lives a day at most (and never past the 72 h window): then a fresh one. */
export const AUCTION_LINK_TTL_MS = 24 * 3600 * 1000;
/** A buy-now checkout is short: the product stays on sale for everyone meanwhile. */
export const BUY_NOW_LINK_TTL_MS = 30 * 60 * 1000;
/** A link this close to expiring is not handed out again. */
const LINK_REUSE_MARGIN_MS = 60 * 1000;
/** A second request waiting for a checkout link being made reads it this often. */
const LINK_POLL_MS = 100;

/** What happened to one notification (or status query) — answered to the webhook caller. */
export type OutcomeResult =
  | 'duplicate'
  | 'ignored'
  | 'unchanged'
  | 'confirmed'
  | 'rejected'
  | 'not_confirmed'
  | 'voided';

const paymentNotFound = () => notFound('PAYMENT_NOT_FOUND', messages.paymentNotFound);

function linkUsable(row: PaymentRow, now: Date): boolean {
  return (
    row.status === 'pending' &&
    row.payment_link !== null &&
    row.link_expires_at !== null &&
    row.link_expires_at.getTime() > now.getTime() + LINK_REUSE_MARGIN_MS
  );
}

/** Why a payment cannot get a link now (409s with Spanish); nothing when it can. */
function assertPayable(row: PaymentRow, now: Date): void {
  switch (row.status) {
    case 'confirmed':
      throw conflict('PAYMENT_CONFIRMED', messages.paymentAlreadyConfirmed);
    case 'expired':
      throw conflict('PAYMENT_EXPIRED', messages.paymentExpired);
    case 'cancelled':
      throw conflict('PAYMENT_CANCELLED', messages.paymentCancelled);
    case 'processing':
      throw conflict('PAYMENT_PROCESSING', messages.paymentProcessing);
  }
  if (row.kind === 'auction' && row.expires_at && row.expires_at.getTime() <= now.getTime()) {
    throw conflict('PAYMENT_EXPIRED', messages.paymentExpired);
  }
}

function linkDescription(row: { kind: string; auction_id: number | null }, productName: string): string {
  const prefix = row.kind === 'auction' ? `Subasta #${row.auction_id}` : 'Compra directa';
  return `${prefix} · ${productName}`.slice(0, 100);
}

type PayoutRow = Awaited<ReturnType<typeof repo.listPayouts>>[number];

/** Why a held payout waits (see SellerPayment.hold); null for payable and paid ones. */
function payoutHold(row: PayoutRow, claimWindowDays: number): SellerPayment['hold'] {
  if (row.status !== 'held') return null;
  if (row.claim_refunded) return { reason: 'cancelled', until: null };
  if (row.in_claim) return { reason: 'claim', until: null };
  if (row.shipping_status === 'delivered' && row.delivered_at) {
    return {
      reason: 'claim_window',
      until: claimWindowEndsAt(row.delivered_at, claimWindowDays).toISOString(),
    };
  }
  return { reason: 'delivery', until: null };
}

function toSellerPayment(row: PayoutRow, claimWindowDays: number): SellerPayment {
  return {
    id: row.id,
    payment_id: row.payment_id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_amount: toPesos(row.product_amount),
    commission_amount: toPesos(row.commission_amount),
    payment_processor_fee: toPesos(row.payment_processor_fee),
    payable_amount: toPesos(row.payable_amount),
    currency: row.currency,
    status: row.status,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    reference: row.reference,
    hold: payoutHold(row, claimWindowDays),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A product taken down: nobody may pay for it any more. Its open payments (a won item waiting,
 * a buy-now checkout) are cancelled; a charge that still arrives for one is refunded like any
 * payment for a product no longer for sale. Answers the buyers whose payment was cancelled.
 */
export async function cancelOpenPayments(trx: Database, productId: number, note: string, now: Date) {
  const rows = await trx
    .updateTable('payments')
    .set({ status: 'cancelled', status_note: note, updated_at: now })
    .where('product_id', '=', productId)
    .where('status', 'in', ['pending', 'processing'] satisfies PaymentStatus[])
    .returning('buyer_id')
    .execute();
  return rows.map((r) => r.buyer_id);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Paying for won items and buy-now purchases. The server alone decides a payment is confirmed:
 * from a verified notification or from asking the processor, never from the browser's return URL.
 * Every state change of a payment is one transaction that locks the payment row, then its product.
 */
export function createPaymentsService(ctx: AppContext, provider: PaymentProvider) {
  const { db, clock, events, config, log } = ctx;
  const production = config.NODE_ENV === 'production';

  async function requireDefaultAddress(userId: number): Promise<void> {
    const address = await defaultAddressForSale(db, userId);
    if (!address) throw badRequest('DEFAULT_ADDRESS_REQUIRED', messages.defaultAddressRequired);
  }

  async function requestLink(
    row: { id: string; kind: string; auction_id: number | null; amount: number; buyer_id: number },
    productName: string,
    expiresAt: Date,
    origin: string,
  ) {
    const buyer = await repo.findBuyerEmail(db, row.buyer_id);
    try {
      return await provider.createLink({
        reference: row.id,
        amountCentavos: row.amount,
        description: linkDescription(row, productName),
        expiresAt,
        callbackUrl: `${origin}/payment?bold-order-id=${row.id}`,
        origin,
        payerEmail: buyer?.email ?? null,
      });
    } catch (error) {
      log.error({ err: error, paymentId: row.id }, 'payment link creation failed');
      if (error instanceof PaymentProviderTimeout)
        throw new AppError('PAYMENT_PROVIDER_TIMEOUT', 504, messages.linkTimeout);
      throw new AppError('PAYMENT_PROVIDER_FAILED', 502, messages.linkFailed);
    }
  }

  /**
   * The link of a checkout that another request of the same buyer is opening (a double click,
   * perhaps on another process): read until it is there, so both answers name one payment and
   * one link instead of two charges of which one is refunded.
   */
  async function awaitOpeningLink(paymentId: string): Promise<BuyProductResponse> {
    // As long as the processor may take to answer the first request, and a little.
    const deadline = Date.now() + config.BOLD_TIMEOUT_MS + 2_000;
    while (Date.now() < deadline) {
      await sleep(LINK_POLL_MS);
      const row = await repo.findPayment(db, paymentId);
      if (row?.status === 'pending' && row.payment_link)
        return { payment_id: row.id, payment_link: row.payment_link };
      if (row?.status !== 'pending') throw new AppError('PAYMENT_PROVIDER_FAILED', 502, messages.linkFailed);
    }
    throw new AppError('PAYMENT_PROVIDER_TIMEOUT', 504, messages.linkTimeout);
  }

  /**
   * Applies what the processor said about a payment, once per event key. Replays, and events
   * arriving out of order, change nothing more: confirmed is final, a rejection never undoes it.
   */
  async function applyOutcome(outcome: PaymentOutcome): Promise<OutcomeResult> {
    const now = clock.now();
    const { result, created } = await db.transaction().execute(async (trx) => {
      const payment = outcome.paymentId ? await repo.findPaymentForUpdate(trx, outcome.paymentId) : undefined;
      const fresh = await repo.recordEvent(trx, {
        eventKey: outcome.eventKey,
        paymentId: payment?.id ?? null,
        type: outcome.type,
        payload: outcome.payload,
        now,
      });
      if (!fresh) return { result: 'duplicate' as const, created: [] };
      if (!payment) {
        log.warn(
          { eventKey: outcome.eventKey, reference: outcome.paymentId },
          'notification for no known payment',
        );
        return { result: 'ignored' as const, created: [] };
      }

      const productName = async () =>
        (
          await trx
            .selectFrom('products')
            .select('name')
            .where('id', '=', payment.product_id)
            .executeTakeFirst()
        )?.name ?? '';
      const chargedCentavos = outcome.paidPesos !== null ? outcome.paidPesos * 100 : payment.amount;

      /**
       * The processor voided a charge of this payment: our own refund confirmed, or a refund made
       * in Bold's panel of a confirmed sale, whose payout is then held and the seller told.
       */
      const voided = async () => {
        const tx = outcome.transactionId;
        let refundQuery = trx
          .updateTable('refunds')
          .set({ status: 'refunded', refunded_at: now, updated_at: now })
          .where('payment_id', '=', payment.id)
          .where('status', '=', 'pending');
        if (tx) refundQuery = refundQuery.where('provider_tx_id', '=', tx);
        await refundQuery.execute();
        const voidsSale =
          payment.status === 'confirmed' && (!tx || !payment.provider_tx_id || tx === payment.provider_tx_id);
        if (!voidsSale) return [];
        await repo.updatePayment(trx, payment.id, { status_note: messages.paymentVoided, updated_at: now });
        const held = await trx
          .updateTable('payouts')
          .set({ status: 'held', voided_at: now, updated_at: now })
          .where('payment_id', '=', payment.id)
          .where('voided_at', 'is', null)
          // Money already transferred is not taken back by a status: an operator settles it.
          .where('status', '!=', 'paid')
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) === 0) return [];
        return createNotifications(
          trx,
          [
            {
              userId: payment.seller_id,
              type: 'payment_voided',
              title: 'Pago anulado',
              message: `El cobro de "${await productName()}" fue anulado en Bold. El pago de esta venta queda retenido: revisa la venta antes de enviar o entregar el producto.`,
              link: '/seller/payments',
            },
          ],
          now,
        );
      };

      if (outcome.type === 'SALE_REJECTED') {
        if (payment.status !== 'pending' && payment.status !== 'processing') {
          return { result: 'unchanged' as const, created: [] };
        }
        await repo.updatePayment(trx, payment.id, {
          status: 'rejected',
          status_note: messages.paymentRejected,
          provider_tx_id: outcome.transactionId ?? payment.provider_tx_id,
          updated_at: now,
        });
        return { result: 'rejected' as const, created: [] };
      }

      if (outcome.type === 'VOID_APPROVED') return { result: 'voided' as const, created: await voided() };

      if (outcome.type !== 'SALE_APPROVED') {
        // Other events (a refused void) are recorded in payment_events for the team.
        log.warn(
          { eventKey: outcome.eventKey, type: outcome.type, paymentId: payment.id },
          'payment event kept',
        );
        return { result: 'ignored' as const, created: [] };
      }

      if (payment.status === 'confirmed') {
        if (
          outcome.transactionId &&
          payment.provider_tx_id &&
          outcome.transactionId !== payment.provider_tx_id
        ) {
          // A second charge for an order already paid: given back, never a second payout.
          const notices = await recordRefund(trx, {
            payment,
            transactionId: outcome.transactionId,
            amountCentavos: chargedCentavos,
            productName: await productName(),
            reason: messages.duplicateCharge,
            now,
          });
          return { result: 'not_confirmed' as const, created: notices };
        }
        return { result: 'unchanged' as const, created: [] };
      }

      const keepStatus = payment.status === 'expired' || payment.status === 'cancelled';
      /**
       * Charged but not sold to this buyer: recorded as refused and refunded through the processor.
       * `keepReservation`: the charge was wrong, not the checkout (an underpaid or other-currency
       * charge). A buy-now checkout then stays pending, so the product stays reserved for this
       * buyer until its 30-minute window ends and they can still pay the right amount on the same
       * link; freeing it at once let another buyer in and turned that later payment into a refund.
       */
      const refuse = async (note: string, { keepReservation = false } = {}) => {
        const holdsReservation =
          keepReservation &&
          payment.kind === 'buy_now' &&
          (payment.status === 'pending' || payment.status === 'processing');
        await repo.updatePayment(trx, payment.id, {
          status: keepStatus ? payment.status : holdsReservation ? 'pending' : 'rejected',
          status_note: note,
          provider_tx_id: outcome.transactionId ?? payment.provider_tx_id,
          updated_at: now,
        });
        const notices = await recordRefund(trx, {
          payment,
          transactionId: outcome.transactionId ?? payment.provider_tx_id,
          amountCentavos: chargedCentavos,
          productName: await productName(),
          reason: note,
          now,
        });
        return { result: 'not_confirmed' as const, created: notices };
      };

      const amountMatches =
        (outcome.paidPesos === null || outcome.paidPesos * 100 === payment.amount) &&
        (!outcome.currency || outcome.currency.toUpperCase() === payment.currency);
      if (!amountMatches) return refuse(messages.amountMismatch, { keepReservation: true });

      const product = await repo.lockProduct(trx, payment.product_id);
      if (!product) return refuse(messages.notAvailable);
      const purchasable =
        payment.status !== 'cancelled' &&
        // A won item's window that has expired is over for this buyer (it may be someone else's now).
        !(payment.kind === 'auction' && payment.status === 'expired') &&
        !(await repo.hasConfirmedPayment(trx, product.id)) &&
        (payment.kind === 'auction'
          ? product.status === 'in_auction' && product.auction_id === payment.auction_id
          : product.status === 'available' &&
            product.can_be_bought &&
            // A late charge must not take the product from another buyer's open checkout.
            !(await productLifecycle.inCheckout(trx, [product.id], now, payment.buyer_id)));
      if (!purchasable) {
        const soldElsewhere = ['sold', 'shipped', 'delivered'].includes(product.status);
        return refuse(
          soldElsewhere || payment.kind === 'buy_now' ? messages.soldToAnother : messages.noLongerReserved,
        );
      }
      const notices = await confirmSale(trx, { payment, productName: product.name, outcome, now }, config);
      return { result: 'confirmed' as const, created: notices };
    });
    await publishNotifications(events, created);
    return result;
  }

  /** Asks Bold about a link and applies a paid or rejected state like a notification would. */
  async function reconcileWithProvider(row: PaymentRow): Promise<void> {
    if (!row.link_id || !['pending', 'processing', 'rejected', 'expired'].includes(row.status)) return;
    let link: LinkStatus | null;
    try {
      link = await provider.getLinkStatus(row.link_id);
    } catch (error) {
      log.warn({ err: error, paymentId: row.id }, 'link status query failed');
      return;
    }
    if (!link) return;
    if (link.reference && link.reference !== row.id) {
      log.error({ paymentId: row.id, linkReference: link.reference }, 'link belongs to another reference');
      return;
    }
    if (production && link.isSandbox === true) {
      // Bold's test mode charges nobody: in production such a payment never confirms a sale.
      log.error({ paymentId: row.id, linkId: row.link_id }, 'sandbox payment refused in production');
      return;
    }
    const base = { paymentId: row.id, transactionId: link.transactionId, currency: null, payload: link };
    if (link.status === 'PAID') {
      await applyOutcome({
        ...base,
        eventKey: `link:${row.link_id}:PAID`,
        type: 'SALE_APPROVED',
        paidPesos: link.total,
      });
    } else if (link.status === 'REJECTED') {
      await applyOutcome({
        ...base,
        eventKey: `link:${row.link_id}:REJECTED`,
        type: 'SALE_REJECTED',
        paidPesos: null,
      });
    } else if (link.status === 'PROCESSING' && row.status === 'pending') {
      await db.transaction().execute(async (trx) => {
        const current = await repo.findPaymentForUpdate(trx, row.id);
        if (current?.status === 'pending') {
          await repo.updatePayment(trx, row.id, { status: 'processing', updated_at: clock.now() });
        }
      });
    }
  }

  return {
    applyOutcome,
    reconcileWithProvider,

    /** The logged-in user's won-auction items, newest first. */
    async listWonItems(userId: number, page: number, size: number): Promise<WonAuctionItem[]> {
      const now = clock.now();
      const rows = await repo.listWonItems(db, userId, size, (page - 1) * size);
      return rows.map((r) => ({
        auction_id: r.auction_id!,
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

    /** A checkout link for the buyer's own unpaid item; a usable link is handed out again. */
    async createLink(userId: number, paymentId: string, origin: string): Promise<PaymentLinkResponse> {
      if (!isUuid(paymentId)) throw paymentNotFound();
      const row = await repo.findPaymentWithProduct(db, paymentId.toLowerCase());
      if (!row || row.buyer_id !== userId) throw paymentNotFound();
      const now = clock.now();
      assertPayable(row, now);
      const stillForSale =
        row.kind === 'auction'
          ? row.product_status === 'in_auction' && row.product_auction_id === row.auction_id
          : row.product_status === 'available' && row.can_be_bought;
      if (!stillForSale) {
        throw conflict(
          'NOT_AVAILABLE',
          row.kind === 'auction' ? messages.paymentExpired : messages.notAvailable,
        );
      }
      if (row.kind === 'buy_now' && (await productLifecycle.inCheckout(db, [row.product_id], now, userId)))
        throw conflict('RESERVED', messages.reservedByOther);
      const response = (r: PaymentRow): PaymentLinkResponse => ({
        message: messages.linkCreated,
        payment_id: r.id,
        payment_link: r.payment_link!,
        status: r.status,
        link_expires_at: r.link_expires_at?.toISOString() ?? null,
      });
      if (linkUsable(row, now)) return response(row);
      await requireDefaultAddress(userId);

      const ttl = row.kind === 'auction' ? AUCTION_LINK_TTL_MS : BUY_NOW_LINK_TTL_MS;
      let linkExpiresAt = new Date(now.getTime() + ttl);
      if (row.expires_at && row.kind === 'auction' && row.expires_at < linkExpiresAt)
        linkExpiresAt = row.expires_at;
      const link = await requestLink(row, row.product_name, linkExpiresAt, origin);

      const updated = await db.transaction().execute(async (trx) => {
        const current = await repo.findPaymentForUpdate(trx, row.id);
        if (!current || (current.status !== 'pending' && current.status !== 'rejected'))
          return current ?? null;
        return repo.updatePayment(trx, row.id, {
          status: 'pending',
          payment_link: link.url,
          link_id: link.linkId,
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
    },

    /**
     * Buy now: a pending payment and its checkout link. The payment reserves the product for its
     * 30-minute window: meanwhile nobody else can start a checkout (409). The product row is
     * locked while deciding, so two buyers starting at the same moment get one reservation.
     */
    async buyProduct(userId: number, productId: number, origin: string): Promise<BuyProductResponse> {
      const decided = await db.transaction().execute(async (trx) => {
        const product = await repo.lockProductForPurchase(trx, productId);
        if (!product) throw notFound('PRODUCT_NOT_FOUND', messages.productNotFound);
        if (product.owner_id === userId) throw forbidden('OWN_PRODUCT', messages.ownProduct);
        if (!product.can_be_bought || !product.sell_price) throw conflict('NOT_BUYABLE', messages.notBuyable);
        if (product.status !== 'available') throw conflict('NOT_AVAILABLE', messages.notAvailable);
        if (!(await defaultAddressForSale(trx, userId)))
          throw badRequest('DEFAULT_ADDRESS_REQUIRED', messages.defaultAddressRequired);

        const now = clock.now();
        if (await productLifecycle.inCheckout(trx, [productId], now, userId))
          throw conflict('RESERVED', messages.reservedByOther);
        const open = await repo.findOpenBuyNow(trx, userId, productId, now);
        if (open && !open.payment_link) return { kind: 'opening', paymentId: open.id } as const;
        const reusable =
          open?.payment_link &&
          open.link_expires_at &&
          open.link_expires_at.getTime() > now.getTime() + LINK_REUSE_MARGIN_MS &&
          open.amount === product.sell_price;
        if (reusable) {
          return {
            kind: 'reused',
            answer: { payment_id: open.id, payment_link: open.payment_link! },
          } as const;
        }
        const expiresAt = new Date(now.getTime() + BUY_NOW_LINK_TTL_MS);
        const payment = await repo.insertBuyNowPayment(trx, {
          productId,
          buyerId: userId,
          sellerId: product.owner_id,
          amount: product.sell_price,
          provider: provider.name,
          expiresAt,
          now,
        });
        return { kind: 'new', payment, product, expiresAt } as const;
      });
      if (decided.kind === 'reused') return decided.answer;
      if (decided.kind === 'opening') return awaitOpeningLink(decided.paymentId);
      const { payment, product, expiresAt } = decided;
      let link: Awaited<ReturnType<typeof requestLink>>;
      try {
        link = await requestLink(payment, product.name, expiresAt, origin);
      } catch (error) {
        await repo.updatePayment(db, payment.id, {
          status: 'cancelled',
          status_note: messages.linkFailed,
          updated_at: clock.now(),
        });
        throw error;
      }
      await repo.updatePayment(db, payment.id, {
        payment_link: link.url,
        link_id: link.linkId,
        link_expires_at: expiresAt,
        updated_at: clock.now(),
      });
      return { payment_id: payment.id, payment_link: link.url };
    },

    /** The buyer's payment as the server knows it; with Bold, an unconfirmed one is asked about. */
    async verify(userId: number, paymentId: string): Promise<PaymentVerification> {
      if (!isUuid(paymentId)) throw paymentNotFound();
      const id = paymentId.toLowerCase();
      const first = await repo.findPayment(db, id);
      if (!first || first.buyer_id !== userId) throw paymentNotFound();
      if (provider.name === 'bold' && first.status !== 'confirmed') await reconcileWithProvider(first);
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

    /** Bold's webhook: the signature over the exact raw body first; nothing changes without it. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<OutcomeResult> {
      if (!verifyBoldSignature(rawBody, signature, provider.webhookSecret)) {
        throw unauthorized(messages.invalidSignature);
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('INVALID_NOTIFICATION', messages.invalidNotification);
      }
      const parsed = BoldNotificationSchema.safeParse(json);
      if (!parsed.success) throw badRequest('INVALID_NOTIFICATION', messages.invalidNotification);
      const n = parsed.data;
      const reference = n.data.metadata?.reference;
      if (production && (n.is_sandbox === true || n.data.is_sandbox === true)) {
        log.error({ notificationId: n.id, reference }, 'sandbox notification refused in production');
        return 'ignored';
      }
      return applyOutcome({
        eventKey: `bold:${n.id}`,
        type: n.type,
        paymentId: isUuid(reference) ? reference.toLowerCase() : null,
        transactionId: n.data.payment_id ?? n.subject ?? null,
        paidPesos: n.data.amount?.total ?? null,
        currency: n.data.amount?.currency ?? null,
        payload: json,
      });
    },

    /** The seller's payouts, newest first. */
    async listPayouts(sellerId: number, page: number, size: number): Promise<SellerPayment[]> {
      const rows = await repo.listPayouts(db, sellerId, size, (page - 1) * size);
      return rows.map((row) => toSellerPayment(row, ctx.config.CLAIM_WINDOW_DAYS));
    },

    async getPayout(sellerId: number, id: string): Promise<SellerPaymentDetail> {
      const notFoundPayout = () => notFound('PAYOUT_NOT_FOUND', messages.payoutNotFound);
      if (!isUuid(id)) throw notFoundPayout();
      const row = await repo.findPayout(db, sellerId, id.toLowerCase());
      if (!row) throw notFoundPayout();
      return {
        product: { id: row.product_id, name: row.product_name, image: imageUrl(row.image_id) },
        payment: toSellerPayment(row, ctx.config.CLAIM_WINDOW_DAYS),
      };
    },
  };
}
