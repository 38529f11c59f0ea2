import type { Database } from '../../platform/db.ts';

/**
 * One party's confirmed payments (the seller's sales or the buyer's purchases) with the product
 * each sold, newest first, a page at a time.
 */
function confirmedPaymentsOf(
  db: Database,
  party: 'seller' | 'buyer',
  userId: number,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('payments as pay')
    .innerJoin('products as p', 'p.id', 'pay.product_id')
    .select([
      'pay.id as payment_id',
      'pay.product_id',
      'pay.amount',
      'pay.currency',
      'pay.shipping_status',
      'pay.confirmed_at',
      'pay.shipped_at',
      'pay.carrier',
      'pay.tracking_number',
      'p.name as product_name',
      'p.image_id',
      'p.status as product_status',
    ])
    .where(party === 'seller' ? 'pay.seller_id' : 'pay.buyer_id', '=', userId)
    .where('pay.status', '=', 'confirmed')
    .orderBy('pay.confirmed_at', 'desc')
    .orderBy('pay.id', 'desc')
    .limit(limit)
    .offset(offset);
}

export const salesRepository = {
  /** A seller's confirmed sales with the buyer and where to ship, newest sale first. */
  listSales(db: Database, sellerId: number, limit: number, offset: number) {
    return confirmedPaymentsOf(db, 'seller', sellerId, limit, offset)
      .innerJoin('users as b', 'b.id', 'pay.buyer_id')
      .select([
        'pay.shipping_address',
        'b.name as buyer_first_name',
        'b.last_name as buyer_last_name',
        'b.username as buyer_username',
        'b.email as buyer_email',
        'b.phone as buyer_phone',
      ])
      .execute();
  },

  /**
   * The one confirmed payment of a product (a product is sold at most once), locked: the sale
   * for its seller, the purchase for its buyer.
   */
  findSaleForUpdate(trx: Database, productId: number) {
    return trx
      .selectFrom('payments')
      .select(['id', 'seller_id', 'buyer_id', 'product_id', 'kind', 'shipping_status'])
      .where('product_id', '=', productId)
      .where('status', '=', 'confirmed')
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * Shipped sales whose automatic delivery is due (any process: SKIP LOCKED), payment rows
   * locked like every other change of a sale.
   */
  claimDueDeliveries(trx: Database, shippedBefore: Date, limit: number) {
    return trx
      .selectFrom('payments')
      .select(['id', 'seller_id', 'buyer_id', 'product_id', 'kind', 'shipping_status'])
      .where('status', '=', 'confirmed')
      .where('shipping_status', '=', 'shipped')
      .where('shipped_at', '<=', shippedBefore)
      .orderBy('shipped_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  /** The buyer's confirmed purchases (won and bought), newest payment first, with their rating. */
  listPurchases(db: Database, buyerId: number, limit: number, offset: number) {
    return confirmedPaymentsOf(db, 'buyer', buyerId, limit, offset)
      .innerJoin('users as s', 's.id', 'pay.seller_id')
      .leftJoin('ratings as r', 'r.payment_id', 'pay.id')
      .select([
        'pay.kind',
        'pay.delivered_at',
        's.username as seller_username',
        'r.score as rating_score',
        'r.comment as rating_comment',
        'r.created_at as rating_created_at',
      ])
      .execute();
  },
};
