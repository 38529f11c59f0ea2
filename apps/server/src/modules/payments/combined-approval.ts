import { combinedPaymentMessages as cm, paymentMessages as messages } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import type { Applied } from './approve-sale.ts';
import {
  type CombinedPaymentRow,
  combinedPaymentsRepository as combined,
} from './combined-payments.repository.ts';
import { confirmSale } from './confirm-sale.ts';
import type { OutcomeResult, PaymentOutcome } from './payment-outcome.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import { recordRefund, settleRefunds } from './refunds.service.ts';
import { voidCharge } from './void-charge.ts';

/** Whether the processor's reference names a combined payment (not a single one). */
export async function isCombinedPayment(db: Database, id: string): Promise<boolean> {
  return (await combined.findCombined(db, id)) !== undefined;
}

type Sale = { combinedRow: CombinedPaymentRow; items: PaymentRow[]; outcome: PaymentOutcome; now: Date };

/**
 * The whole charge given back: recorded once per charge on the first item's payment (the
 * refunds table names a payment; the charge key keeps it one refund), through the refunds job
 * and its handling of a refund the processor rejects. No item changes: each stays payable on its
 * own within its own window.
 */
async function refuseWhole(trx: Database, sale: Sale, note: string, status: 'refused' | 'confirmed') {
  const { combinedRow, items, outcome, now } = sale;
  const chargedCentavos = outcome.paidPesos !== null ? outcome.paidPesos * 100 : Number(combinedRow.amount);
  if (status === 'refused')
    await combined.updateCombined(trx, combinedRow.id, {
      status: 'refused',
      status_note: note,
      provider_tx_id: outcome.transactionId ?? combinedRow.provider_tx_id,
      updated_at: now,
    });
  const names = (
    await combined.productNames(
      trx,
      items.map((i) => i.id),
    )
  )
    .map((i) => i.name)
    .join(', ');
  return recordRefund(trx, {
    payment: items[0]!,
    transactionId: outcome.transactionId ?? combinedRow.provider_tx_id,
    amountCentavos: chargedCentavos,
    productName: names,
    reason: note,
    now,
  });
}

/** Whether every item is still this buyer's to buy now; products locked after the payment rows. */
async function allPurchasable(trx: Database, items: PaymentRow[], now: Date) {
  const names = new Map<string, string>();
  for (const item of items) {
    const product = await repo.lockProduct(trx, item.product_id);
    if (!product) return null;
    names.set(item.id, product.name);
    const ok =
      (item.status === 'pending' || item.status === 'rejected') &&
      !(item.expires_at && item.expires_at.getTime() <= now.getTime()) &&
      !(await repo.hasConfirmedPayment(trx, product.id)) &&
      (item.kind === 'auction'
        ? product.status === 'in_auction' && product.auction_id === item.auction_id
        : item.kind === 'offer' &&
          product.status === 'available' &&
          product.can_be_bought &&
          !(await productLifecycle.inCheckout(trx, [product.id], now, item.buyer_id)));
    if (!ok) return null;
  }
  return names;
}

/** An approved combined charge: every item confirmed, or (one not payable any more) none and a whole refund. */
async function approveCombined(
  trx: Database,
  sale: Sale,
  config: AppContext['config'],
): Promise<Applied<OutcomeResult>> {
  const { combinedRow, items, outcome, now } = sale;
  if (combinedRow.status === 'confirmed') {
    const tx = outcome.transactionId;
    // A second charge of the same items: given back whole, never a second payout.
    if (tx && combinedRow.provider_tx_id && tx !== combinedRow.provider_tx_id)
      return {
        result: 'not_confirmed',
        created: await refuseWhole(trx, sale, messages.duplicateCharge, 'confirmed'),
      };
    return { result: 'unchanged', created: [] };
  }
  if (combinedRow.status === 'refused') return { result: 'unchanged', created: [] };
  const amountMatches =
    (outcome.paidPesos === null || outcome.paidPesos * 100 === Number(combinedRow.amount)) &&
    (!outcome.currency || outcome.currency.toUpperCase() === combinedRow.currency);
  if (!amountMatches)
    return { result: 'not_confirmed', created: await refuseWhole(trx, sale, cm.amountMismatch, 'refused') };
  const names = await allPurchasable(trx, items, now);
  if (!names)
    return { result: 'not_confirmed', created: await refuseWhole(trx, sale, cm.itemUnavailable, 'refused') };

  const created: Applied<OutcomeResult>['created'] = [];
  for (const [index, item] of items.entries()) {
    // Each item is its own sale (its payout, its claim); the processor's fee is counted once.
    const itemOutcome = { ...outcome, ...(index > 0 ? { processorFeeCentavos: 0 } : {}) };
    created.push(
      ...(await confirmSale(
        trx,
        { payment: item, productName: names.get(item.id)!, outcome: itemOutcome, now },
        config,
      )),
    );
  }
  await combined.updateCombined(trx, combinedRow.id, {
    status: 'confirmed',
    confirmed_at: now,
    provider_tx_id: outcome.transactionId ?? combinedRow.provider_tx_id,
    status_note: null,
    updated_at: now,
  });
  return { result: 'confirmed', created };
}

/**
 * What the processor said about a combined payment, applied once per event key in one
 * transaction: its items' payment rows locked in id order, then the combined row, then products.
 */
export async function applyCombinedOutcome(ctx: AppContext, outcome: PaymentOutcome): Promise<OutcomeResult> {
  const { db, clock, config, log } = ctx;
  const now = clock.now();
  const combinedId = outcome.paymentId!;
  const ids = await combined.itemIds(db, combinedId);
  const { result, created } = await db.transaction().execute(async (trx): Promise<Applied<OutcomeResult>> => {
    const items = await combined.lockPayments(trx, ids);
    const combinedRow = (await combined.findCombinedForUpdate(trx, combinedId))!;
    const fresh = await repo.recordEvent(trx, {
      eventKey: outcome.eventKey,
      paymentId: items[0]?.id ?? null,
      type: outcome.type,
      payload: outcome.payload,
      now,
    });
    if (!fresh) return { result: 'duplicate', created: [] };
    const sale = { combinedRow, items, outcome, now };
    switch (outcome.type) {
      case 'SALE_APPROVED':
        return approveCombined(trx, sale, config);
      case 'SALE_REJECTED':
        if (combinedRow.status !== 'pending' && combinedRow.status !== 'processing')
          return { result: 'unchanged', created: [] };
        // The items stay as they were: each payable again, on its own or together.
        await combined.updateCombined(trx, combinedId, {
          status: 'rejected',
          status_note: messages.paymentRejected,
          provider_tx_id: outcome.transactionId ?? combinedRow.provider_tx_id,
          updated_at: now,
        });
        return { result: 'rejected', created: [] };
      case 'VOID_APPROVED': {
        // Our whole refund confirmed, or the charge voided in Bold's panel: each item's sale of
        // this charge is voided (its payout held) like a single one.
        const notices = [];
        for (const item of items) notices.push(...(await voidCharge(trx, item, outcome, now)));
        return { result: 'voided', created: notices };
      }
      case 'VOID_REJECTED': {
        log.warn({ eventKey: outcome.eventKey, combinedId }, 'processor rejected a void');
        const tx = outcome.transactionId;
        for (const item of items)
          await settleRefunds(trx, { paymentId: item.id, transactionId: tx, outcome: 'failed', now });
        return { result: 'void_rejected', created: [] };
      }
      default:
        log.warn({ eventKey: outcome.eventKey, type: outcome.type, combinedId }, 'payment event kept');
        return { result: 'ignored', created: [] };
    }
  });
  await publishNotifications(ctx.events, created);
  return result;
}
