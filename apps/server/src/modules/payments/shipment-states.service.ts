import type { Database } from '../../platform/db.ts';

/*
 * A confirmed payment's shipment as the seller and the delivery job move it: pending → shipped →
 * delivered. Each step is one conditional update, so a step already taken is never repeated.
 */

/** pending → shipped, with the carrier and tracking number the seller gave. */
export function markShipped(
  trx: Database,
  paymentId: string,
  tracking: { carrier: string | null; tracking_number: string | null },
  now: Date,
) {
  return trx
    .updateTable('payments')
    .set({ shipping_status: 'shipped', shipped_at: now, updated_at: now, ...tracking })
    .where('id', '=', paymentId)
    .where('shipping_status', '=', 'pending')
    .executeTakeFirst();
}

/** shipped → delivered. */
export async function markDelivered(trx: Database, paymentId: string, now: Date) {
  await trx
    .updateTable('payments')
    .set({ shipping_status: 'delivered', delivered_at: now, updated_at: now })
    .where('id', '=', paymentId)
    .where('shipping_status', '=', 'shipped')
    .execute();
}
