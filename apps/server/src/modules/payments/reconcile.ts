import type { AppContext } from '../../platform/context.ts';
import { applyOutcome } from './apply-outcome.ts';
import type { LinkStatus, PaymentProvider } from './payment-provider.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';

/**
 * Asks the processor about a payment's link and applies a paid or rejected state like a
 * notification would. A provider with no such query (the sandbox) answers nothing to apply.
 */
export async function reconcileWithProvider(
  ctx: AppContext,
  provider: PaymentProvider,
  row: PaymentRow,
): Promise<void> {
  const { db, clock, config, log } = ctx;
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
  if (config.NODE_ENV === 'production' && link.isSandbox === true) {
    // Bold's test mode charges nobody: in production such a payment never confirms a sale.
    log.error({ paymentId: row.id, linkId: row.link_id }, 'sandbox payment refused in production');
    return;
  }
  const base = { paymentId: row.id, transactionId: link.transactionId, currency: null, payload: link };
  if (link.status === 'PAID') {
    await applyOutcome(ctx, {
      ...base,
      eventKey: `link:${row.link_id}:PAID`,
      type: 'SALE_APPROVED',
      paidPesos: link.total,
    });
  } else if (link.status === 'REJECTED') {
    await applyOutcome(ctx, {
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
