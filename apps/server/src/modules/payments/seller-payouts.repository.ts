import { ACTIVE_CLAIM_STATUSES } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** Whether a payout's sale has a claim waiting, or was refunded through one (the hold's reason). */
const payoutClaimFlags = [
  sql<boolean>`exists (select 1 from claims c where c.payment_id = po.payment_id and c.status in (${sql.join(ACTIVE_CLAIM_STATUSES.map((s) => sql.lit(s)))}))`.as(
    'in_claim',
  ),
  sql<boolean>`exists (select 1 from claims c where c.payment_id = po.payment_id and c.status = 'refunded')`.as(
    'claim_refunded',
  ),
];

/** A seller's payouts, as the seller's payout list and detail read them. */
export const sellerPayoutsRepository = {
  listPayouts(db: Database, sellerId: number, limit: number, offset: number) {
    return payoutsOfSeller(db, sellerId)
      .orderBy('po.created_at', 'desc')
      .orderBy('po.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  findPayout(db: Database, sellerId: number, id: string) {
    return payoutsOfSeller(db, sellerId).where('po.id', '=', id).executeTakeFirst();
  },
};

/** A seller's payouts as the seller's payout list and detail show them. */
function payoutsOfSeller(db: Database, sellerId: number) {
  return db
    .selectFrom('payouts as po')
    .innerJoin('products as p', 'p.id', 'po.product_id')
    .innerJoin('payments as pay', 'pay.id', 'po.payment_id')
    .selectAll('po')
    .select(['p.name as product_name', 'p.image_id', 'pay.shipping_status', 'pay.delivered_at'])
    .select(payoutClaimFlags)
    .where('po.seller_id', '=', sellerId);
}
