import type { Database } from '../../platform/db.ts';

/*
 * A payout's state as the after-sale steps move it: held while a claim is open, cancelled when the
 * buyer is refunded, payable again when the claim window passes. Each step is one conditional
 * update, so a payout already paid is never moved back.
 */

/** A claim opened: the payout waits again, unless it was already paid. */
export async function holdPayout(trx: Database, paymentId: string, now: Date) {
  await trx
    .updateTable('payouts')
    .set({ status: 'held', payable_since: null, updated_at: now })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'payable')
    .execute();
}

/** The buyer was refunded: the payout will never be paid (cancelled, voided). */
export async function cancelPayout(trx: Database, paymentId: string, now: Date) {
  await trx
    .updateTable('payouts')
    .set({ status: 'cancelled', payable_since: null, voided_at: now, updated_at: now })
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'paid')
    .execute();
}

/** The claim window passed with no claim: a held payout can be paid. */
export async function releasePayout(trx: Database, payoutId: string, now: Date) {
  await trx
    .updateTable('payouts')
    .set({ status: 'payable', updated_at: now })
    .where('id', '=', payoutId)
    .where('status', '=', 'held')
    .execute();
}
