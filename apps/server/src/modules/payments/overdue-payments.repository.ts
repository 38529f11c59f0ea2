import type { Database } from '../../platform/db.ts';
import type { PaymentStatus } from '../../platform/db-schema.ts';

/** Payments whose window ended or that wait on the processor: claimed by the timed jobs. */
export const overduePaymentsRepository = {
  /**
   * Claims unpaid payments whose window closed (any process: SKIP LOCKED). A payment still
   * `processing` at the end of its window was asked about first (see the reconcile job): what is
   * still unknown then expires too, and a charge that arrives later is refunded.
   */
  claimOverdue(trx: Database, kind: 'auction' | 'buy_now' | 'offer', now: Date, limit: number) {
    const statuses: PaymentStatus[] = ['pending', 'rejected', 'processing'];
    return trx
      .selectFrom('payments')
      .select(['id', 'product_id', 'auction_id', 'buyer_id', 'seller_id', 'provider', 'expires_at'])
      .where('kind', '=', kind)
      .where('status', 'in', statuses)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  expire(trx: Database, ids: string[], now: Date) {
    return trx
      .updateTable('payments')
      .set({ status: 'expired', updated_at: now })
      .where('id', 'in', ids)
      .execute();
  },

  /** Open payments whose window has ended, with a link to ask about (asked before they expire). */
  listOverdueWithLink(db: Database, now: Date, limit: number) {
    return db
      .selectFrom('payments')
      .selectAll()
      .where('status', 'in', ['pending', 'processing', 'rejected'])
      .where('link_id', 'is not', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  },

  /**
   * Claims open payments to ask the processor about: a link made at least `every` ago, not asked
   * in the last `every`, window still open; stamped in the same statement. SKIP LOCKED and the
   * stamp make each one asked by one process per round.
   */
  claimForProviderCheck(db: Database, now: Date, everyMs: number, limit: number) {
    const cutoff = new Date(now.getTime() - everyMs);
    return db
      .updateTable('payments')
      .set({ provider_checked_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('payments')
          .select('id')
          .where('status', 'in', ['pending', 'processing'])
          .where('link_id', 'is not', null)
          .where('link_created_at', '<=', cutoff)
          .where((eb) =>
            eb.or([eb('provider_checked_at', 'is', null), eb('provider_checked_at', '<=', cutoff)]),
          )
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .orderBy('link_created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  },
};
