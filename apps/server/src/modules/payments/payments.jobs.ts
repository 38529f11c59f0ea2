import type { AppContext } from '../../platform/context.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

const BATCH = 50;

/**
 * Unpaid payment windows (CONTRACT section 7): a won item unpaid 72 h after the close expires and
 * its product goes back to the seller (available, in no auction); a buy-now payment expires with
 * its link. Rows are claimed with SKIP LOCKED, so any number of processes share the work.
 */
export function registerPaymentJobs(ctx: AppContext): void {
  ctx.jobs.register({
    name: 'payments.expire-won-items',
    run: (now) =>
      ctx.db.transaction().execute(async (trx) => {
        const rows = await repo.claimOverdue(trx, 'auction', now, BATCH);
        if (rows.length === 0) return 0;
        await repo.expire(
          trx,
          rows.map((r) => r.id),
          now,
        );
        for (const row of rows) await repo.releaseWonProduct(trx, row.product_id, row.auction_id, now);
        return rows.length;
      }),
  });

  ctx.jobs.register({
    name: 'payments.expire-buy-now',
    run: (now) =>
      ctx.db.transaction().execute(async (trx) => {
        const rows = await repo.claimOverdue(trx, 'buy_now', now, BATCH);
        if (rows.length === 0) return 0;
        await repo.expire(
          trx,
          rows.map((r) => r.id),
          now,
        );
        return rows.length;
      }),
  });
}
