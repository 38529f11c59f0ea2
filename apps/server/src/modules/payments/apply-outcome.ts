import { paymentMessages as messages } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import { type Applied, approveSale } from './approve-sale.ts';
import { applyCombinedOutcome, isCombinedPayment } from './combined-approval.ts';
import type { OutcomeResult, PaymentOutcome } from './payment-outcome.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import { settleRefunds } from './refunds.service.ts';
import { voidCharge } from './void-charge.ts';

export type { OutcomeResult } from './payment-outcome.ts';

/** A rejected charge turns an open payment rejected; a settled one stays as it is. */
async function rejectSale(
  trx: Database,
  payment: PaymentRow,
  outcome: PaymentOutcome,
  now: Date,
): Promise<Applied<'unchanged' | 'rejected'>> {
  if (payment.status !== 'pending' && payment.status !== 'processing')
    return { result: 'unchanged', created: [] };
  await repo.updatePayment(trx, payment.id, {
    status: 'rejected',
    status_note: messages.paymentRejected,
    provider_tx_id: outcome.transactionId ?? payment.provider_tx_id,
    updated_at: now,
  });
  return { result: 'rejected', created: [] };
}

/**
 * Applies what the processor said about a payment, once per event key, in one transaction that
 * locks the payment row: the event recorded, then the step its type names. Replays, and events
 * arriving out of order, change nothing more: confirmed is final, a rejection never undoes it.
 */
export async function applyOutcome(ctx: AppContext, outcome: PaymentOutcome): Promise<OutcomeResult> {
  const { db, clock, events, config, log } = ctx;
  // A combined payment's reference: its items are applied together.
  if (outcome.paymentId && (await isCombinedPayment(db, outcome.paymentId)))
    return applyCombinedOutcome(ctx, outcome);
  const now = clock.now();
  const { result, created } = await db.transaction().execute(async (trx): Promise<Applied<OutcomeResult>> => {
    const payment = outcome.paymentId ? await repo.findPaymentForUpdate(trx, outcome.paymentId) : undefined;
    const fresh = await repo.recordEvent(trx, {
      eventKey: outcome.eventKey,
      paymentId: payment?.id ?? null,
      type: outcome.type,
      payload: outcome.payload,
      now,
    });
    if (!fresh) return { result: 'duplicate', created: [] };
    if (!payment) {
      log.warn(
        { eventKey: outcome.eventKey, reference: outcome.paymentId },
        'notification for no known payment',
      );
      return { result: 'ignored', created: [] };
    }
    switch (outcome.type) {
      case 'SALE_REJECTED':
        return rejectSale(trx, payment, outcome, now);
      case 'VOID_APPROVED':
        return { result: 'voided', created: await voidCharge(trx, payment, outcome, now) };
      case 'SALE_APPROVED':
        return approveSale(trx, { payment, outcome, now }, config);
      case 'VOID_REJECTED':
        // The processor refused to give the charge back: the refund is failed, for an operator.
        log.warn({ eventKey: outcome.eventKey, paymentId: payment.id }, 'processor rejected a void');
        return {
          result: 'void_rejected',
          created: await settleRefunds(trx, {
            paymentId: payment.id,
            transactionId: outcome.transactionId,
            outcome: 'failed',
            now,
          }),
        };
      default:
        // Other events are recorded in payment_events for the team.
        log.warn(
          { eventKey: outcome.eventKey, type: outcome.type, paymentId: payment.id },
          'payment event kept',
        );
        return { result: 'ignored', created: [] };
    }
  });
  await publishNotifications(events, created);
  return result;
}
