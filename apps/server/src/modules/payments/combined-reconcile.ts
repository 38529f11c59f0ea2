import type { AppContext } from '../../platform/context.ts';
import { applyCombinedOutcome } from './combined-approval.ts';
import {
  type CombinedPaymentRow,
  combinedPaymentsRepository as repo,
} from './combined-payments.repository.ts';
import { outcomeOfLink, trustedLinkStatus } from './link-status.ts';
import type { PaymentProvider } from './payment-provider.ts';

const BATCH = 50;

/**
 * Asks the processor about a combined payment's link and applies a paid or rejected state like
 * its notification would (a lost webhook found this way confirms every item).
 */
export async function reconcileCombined(
  ctx: AppContext,
  provider: PaymentProvider,
  row: CombinedPaymentRow,
): Promise<void> {
  const { db, clock } = ctx;
  if (!row.link_id || ['confirmed', 'refused'].includes(row.status)) return;
  const link = await trustedLinkStatus(ctx, provider, row.id, row.link_id);
  if (!link) return;
  const outcome = outcomeOfLink(row.id, row.link_id, link);
  if (outcome) {
    await applyCombinedOutcome(ctx, outcome);
  } else if (link.status === 'PROCESSING' && row.status === 'pending') {
    await db.transaction().execute(async (trx) => {
      const current = await repo.findCombinedForUpdate(trx, row.id);
      if (current?.status === 'pending')
        await repo.updateCombined(trx, row.id, { status: 'processing', updated_at: clock.now() });
    });
  }
}

/**
 * Combined links asked about like single ones: every 15 minutes while open, and once more when
 * the link runs out (before the items' own windows end, which is never earlier); one still
 * unpaid then expires and leaves its items as they were.
 */
export function registerCombinedPaymentJobs(
  ctx: AppContext,
  provider: PaymentProvider,
  everyMs: number,
): void {
  ctx.jobs.register({
    name: 'payments.combined-check-before-expiry',
    run: async (now) => {
      const rows = await repo.listOpenLinkEnded(ctx.db, now, BATCH);
      for (const row of rows) {
        await reconcileCombined(ctx, provider, row);
        await ctx.db.transaction().execute((trx) => repo.expireIfOpen(trx, row.id, now));
      }
      return rows.length;
    },
  });

  ctx.jobs.register({
    name: 'payments.combined-reconcile-open',
    run: async (now) => {
      const rows = await repo.claimForProviderCheck(ctx.db, now, everyMs, BATCH);
      for (const row of rows) await reconcileCombined(ctx, provider, row);
      return 0;
    },
  });
}
