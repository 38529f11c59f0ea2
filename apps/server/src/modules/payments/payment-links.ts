import { setTimeout as sleep } from 'node:timers/promises';
import {
  BUY_NOW_RESERVATION_MINUTES,
  type BuyProductResponse,
  paymentMessages as messages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { defaultAddressForSale } from '../shipping/shipping-addresses.service.ts';
import { type PaymentProvider, PaymentProviderTimeout } from './payment-provider.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';

/** A won item's link lives a day at most (and never past the 72 h window): then a fresh one. */
export const AUCTION_LINK_TTL_MS = 24 * 3600 * 1000;
/** A buy-now checkout is short: the product stays on sale for everyone meanwhile. */
export const BUY_NOW_LINK_TTL_MS = BUY_NOW_RESERVATION_MINUTES * 60 * 1000;
/** A link this close to expiring is not handed out again. */
const LINK_REUSE_MARGIN_MS = 60 * 1000;
/** A second request waiting for a checkout link being made reads it this often. */
const LINK_POLL_MS = 100;

/** Whether a payment's checkout link may be handed out again rather than a new one made. */
export function linkUsable(
  row: Pick<PaymentRow, 'status' | 'payment_link' | 'link_expires_at'>,
  now: Date,
): boolean {
  return (
    row.status === 'pending' &&
    row.payment_link !== null &&
    row.link_expires_at !== null &&
    row.link_expires_at.getTime() > now.getTime() + LINK_REUSE_MARGIN_MS
  );
}

/** Why a payment cannot get a link now (409s with Spanish); nothing when it can. */
export function assertPayable(row: PaymentRow, now: Date): void {
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
  // A won item's and an accepted offer's window is theirs to pay in; a buy-now link is renewed.
  if (row.kind !== 'buy_now' && row.expires_at && row.expires_at.getTime() <= now.getTime()) {
    throw conflict('PAYMENT_EXPIRED', messages.paymentExpired);
  }
}

/** A checkout is opened only for a buyer with a default address: the sale ships there. */
export async function requireDefaultAddress(db: Database, userId: number): Promise<void> {
  if (!(await defaultAddressForSale(db, userId)))
    throw badRequest('DEFAULT_ADDRESS_REQUIRED', messages.defaultAddressRequired);
}

export function linkDescription(
  row: { kind: string; auction_id: number | null },
  productName: string,
): string {
  const prefix =
    row.kind === 'auction'
      ? `Subasta #${row.auction_id}`
      : row.kind === 'offer'
        ? 'Oferta aceptada'
        : row.kind === 'combined'
          ? 'Pago conjunto'
          : 'Compra directa';
  return `${prefix} · ${productName}`.slice(0, 100);
}

/** Asks the processor for a checkout link; its failures become 502/504 answers. */
export async function requestLink(
  ctx: AppContext,
  provider: PaymentProvider,
  row: { id: string; kind: string; auction_id: number | null; amount: number; buyer_id: number },
  productName: string,
  expiresAt: Date,
  origin: string,
) {
  const buyer = await repo.findBuyerEmail(ctx.db, row.buyer_id);
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
    ctx.log.error({ err: error, paymentId: row.id }, 'payment link creation failed');
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
export async function awaitOpeningLink(ctx: AppContext, paymentId: string): Promise<BuyProductResponse> {
  // As long as the processor may take to answer the first request, and a little.
  const deadline = Date.now() + ctx.config.BOLD_TIMEOUT_MS + 2_000;
  while (Date.now() < deadline) {
    await sleep(LINK_POLL_MS);
    const row = await repo.findPayment(ctx.db, paymentId);
    if (row?.status === 'pending' && row.payment_link)
      return { payment_id: row.id, payment_link: row.payment_link };
    if (row?.status !== 'pending') throw new AppError('PAYMENT_PROVIDER_FAILED', 502, messages.linkFailed);
  }
  throw new AppError('PAYMENT_PROVIDER_TIMEOUT', 504, messages.linkTimeout);
}
