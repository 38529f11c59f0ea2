import { randomUUID } from 'node:crypto';
import {
  type CombinedPaymentResponse,
  combinedPaymentMessages as cm,
  paymentMessages as messages,
  type PaymentVerification,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { toPesos } from '../../platform/money.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { paymentNotFound } from './checkout-link.ts';
import {
  type CombinedPaymentRow,
  combinedPaymentsRepository as repo,
} from './combined-payments.repository.ts';
import { reconcileCombined } from './combined-reconcile.ts';
import {
  AUCTION_LINK_TTL_MS,
  assertPayable,
  linkUsable,
  requestLink,
  requireDefaultAddress,
} from './payment-links.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentRow } from './payments.repository.ts';

type Item = PaymentRow & { product_name?: string };

/** An item's own reason for not being payable, naming the item (several are paid at once). */
function assertItemPayable(item: Item, now: Date): void {
  try {
    assertPayable(item, now);
  } catch (error) {
    if (!(error instanceof AppError) || !item.product_name) throw error;
    throw conflict(error.code, cm.itemNotPayable(item.product_name, error.message));
  }
}

/** The checks every item passes, before the link is asked for and again under the rows' locks. */
function assertCombinable(items: Item[], userId: number, now: Date): void {
  if (items.some((item) => item.buyer_id !== userId)) throw paymentNotFound();
  if (items.some((item) => item.kind === 'buy_now')) throw badRequest('NOT_COMBINABLE', cm.notCombinable);
  if (new Set(items.map((item) => item.seller_id)).size > 1)
    throw badRequest('DIFFERENT_SELLERS', cm.differentSellers);
  for (const item of items) assertItemPayable(item, now);
}

/** A combined link is handed out again on the same terms as an item's own. */
const combinedLinkUsable = (row: CombinedPaymentRow, now: Date) =>
  row.status === 'pending' &&
  linkUsable(
    { status: 'pending', payment_link: row.payment_link, link_expires_at: row.link_expires_at },
    now,
  );

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

function response(row: CombinedPaymentRow, paymentIds: string[]): CombinedPaymentResponse {
  return {
    message: cm.linkCreated,
    payment_id: row.id,
    payment_link: row.payment_link!,
    status: row.status === 'processing' ? 'processing' : 'pending',
    link_expires_at: row.link_expires_at?.toISOString() ?? null,
    payment_ids: paymentIds,
    amount: toPesos(row.amount),
    currency: row.currency,
  };
}

/**
 * One checkout link for several of the buyer's unpaid items (won items, accepted offers) of one
 * seller, for their sum. Only one link is live for an item at a time: the newest checkout takes
 * over (an item's own link, or an older combined link, is not handed out again), decided under
 * the payment rows' locks taken in id order; the same items asked again get the same link.
 */
export async function createCombinedPayment(
  ctx: AppContext,
  provider: PaymentProvider,
  input: { userId: number; paymentIds: string[]; origin: string },
): Promise<CombinedPaymentResponse> {
  const { db, clock } = ctx;
  const { userId, origin } = input;
  if (input.paymentIds.some((id) => !isUuid(id))) throw paymentNotFound();
  const ids = [...new Set(input.paymentIds.map((id) => id.toLowerCase()))].sort();
  if (ids.length !== input.paymentIds.length)
    throw badRequest('VALIDATION_FAILED', cm.duplicateIds, [cm.duplicateIds]);

  const items = await repo.findItemsWithProducts(db, ids);
  if (items.length !== ids.length) throw paymentNotFound();
  const now = clock.now();
  assertCombinable(items, userId, now);
  for (const item of items) {
    const stillForSale =
      item.kind === 'auction'
        ? item.product_status === 'in_auction' && item.product_auction_id === item.auction_id
        : item.product_status === 'available' && item.can_be_bought;
    if (!stillForSale)
      throw conflict(
        'NOT_AVAILABLE',
        cm.itemNotPayable(
          item.product_name,
          item.kind === 'auction' ? messages.paymentExpired : messages.notAvailable,
        ),
      );
  }
  if (
    await productLifecycle.inCheckout(
      db,
      items.map((i) => i.product_id),
      now,
      userId,
    )
  )
    throw conflict('RESERVED', messages.reservedByOther);

  // The same items asked again (a double click, a page reloaded): the same link.
  const open = await repo.openHolding(db, ids, { lock: false });
  for (const row of open) {
    if (
      row.buyer_id === userId &&
      combinedLinkUsable(row, now) &&
      sameSet(await repo.itemIds(db, row.id), ids)
    )
      return response(row, ids);
  }
  await requireDefaultAddress(db, userId);

  // The link lives as long as a won item's, and never past the earliest item's window.
  let linkExpiresAt = new Date(now.getTime() + AUCTION_LINK_TTL_MS);
  for (const item of items)
    if (item.expires_at && item.expires_at < linkExpiresAt) linkExpiresAt = item.expires_at;
  const amount = items.reduce((sum, item) => sum + Number(item.amount), 0);
  const id = randomUUID();
  const names = items.map((item) => item.product_name).join(', ');
  const link = await requestLink(
    ctx,
    provider,
    { id, kind: 'combined', auction_id: null, amount, buyer_id: userId },
    `${items.length} artículos: ${names}`,
    linkExpiresAt,
    origin,
  );

  const created = await db.transaction().execute(async (trx) => {
    const locked = await repo.lockPayments(trx, ids);
    const at = clock.now();
    assertCombinable(
      locked.map((row) => ({ ...row, product_name: items.find((i) => i.id === row.id)?.product_name })),
      userId,
      at,
    );
    const holding = await repo.openHolding(trx, ids, { lock: true });
    // Another request for the same items got there first: one link, theirs.
    for (const row of holding) {
      if (combinedLinkUsable(row, at) && sameSet(await repo.itemIds(trx, row.id), ids)) return row;
    }
    // A charge under way on an older combined link is waited for, never raced.
    if (holding.some((row) => row.status === 'processing'))
      throw conflict('PAYMENT_PROCESSING', messages.paymentProcessing);
    await repo.supersede(
      trx,
      holding.map((row) => row.id),
      at,
    );
    await repo.retireSingleLinks(trx, ids, at);
    return repo.insertCombined(trx, {
      id,
      buyerId: userId,
      sellerId: locked[0]!.seller_id,
      amount,
      provider: provider.name,
      link,
      linkExpiresAt,
      paymentIds: ids,
      now: at,
    });
  });
  return response(created, ids);
}

const VERIFY_STATUS: Record<CombinedPaymentRow['status'], PaymentVerification['status']> = {
  pending: 'pending',
  processing: 'processing',
  confirmed: 'confirmed',
  rejected: 'rejected',
  refused: 'rejected',
  expired: 'expired',
  superseded: 'cancelled',
};

/**
 * The buyer's combined payment as the payment result page reads it (the processor sends the
 * buyer back with its id): unconfirmed, it is asked about first. Null when it is not theirs.
 */
export async function verifyCombined(
  ctx: AppContext,
  provider: PaymentProvider,
  userId: number,
  id: string,
): Promise<PaymentVerification | null> {
  const first = await repo.findCombined(ctx.db, id);
  if (!first || first.buyer_id !== userId) return null;
  if (first.status !== 'confirmed') await reconcileCombined(ctx, provider, first);
  const row = (await repo.findCombined(ctx.db, id))!;
  const items = await repo.productNames(ctx.db, await repo.itemIds(ctx.db, id));
  return {
    payment_id: row.id,
    status: VERIFY_STATUS[row.status],
    kind: items[0]?.kind ?? 'auction',
    auction_id: null,
    product_id: items[0]?.product_id ?? 0,
    product_name: items.map((item) => item.name).join(', '),
    amount: toPesos(row.amount),
    currency: row.currency,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    message: row.status === 'confirmed' ? null : row.status_note,
  };
}
