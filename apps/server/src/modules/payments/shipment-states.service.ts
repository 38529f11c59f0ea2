import type { Database } from '../../platform/db.ts';
import { combinedPaymentsRepository } from './combined-payments.repository.ts';

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

/**
 * The confirmed payments shipped together with this product's sale, locked in id order: the
 * items a combined payment paid travel as one shipment; any other sale travels alone. Read first
 * and locked after, so two sellers' clicks on two items of one shipment queue instead of deadlocking.
 */
export async function lockShipment(trx: Database, productId: number) {
  const sale = await trx
    .selectFrom('payments')
    .select('id')
    .where('product_id', '=', productId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  if (!sale) return [];
  const ids = await combinedPaymentsRepository.shipmentPaymentIds(trx, sale.id);
  return trx
    .selectFrom('payments')
    .select(['id', 'seller_id', 'buyer_id', 'product_id', 'kind', 'shipping_status'])
    .where('id', 'in', ids)
    .where('status', '=', 'confirmed')
    .orderBy('id')
    .forUpdate()
    .execute();
}
