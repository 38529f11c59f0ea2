import type { AppContext } from '../../platform/context.ts';
import { applyOutcome } from './apply-outcome.ts';
import { outcomeOfLink, trustedLinkStatus } from './link-status.ts';
import type { PaymentProvider } from './payment-provider.ts';
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
  const { db, clock } = ctx;
  if (!row.link_id || !['pending', 'processing', 'rejected', 'expired'].includes(row.status)) return;
  const link = await trustedLinkStatus(ctx, provider, row.id, row.link_id);
  if (!link) return;
  const outcome = outcomeOfLink(row.id, row.link_id, link);
  if (outcome) {
    await applyOutcome(ctx, outcome);
  } else if (link.status === 'PROCESSING' && row.status === 'pending') {
    await db.transaction().execute(async (trx) => {
      const current = await repo.findPaymentForUpdate(trx, row.id);
      if (current?.status === 'pending') {
        await repo.updatePayment(trx, row.id, { status: 'processing', updated_at: clock.now() });
      }
    });
  }
}
