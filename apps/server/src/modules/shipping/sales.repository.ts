import type { Database } from '../../platform/db.ts';

/** A seller's confirmed sales with product and buyer, newest sale first. */
export const salesRepository = {
  listSales(db: Database, sellerId: number, limit: number, offset: number) {
    return db
      .selectFrom('payments as pay')
      .innerJoin('products as p', 'p.id', 'pay.product_id')
      .innerJoin('users as b', 'b.id', 'pay.buyer_id')
      .select([
        'pay.id as payment_id',
        'pay.product_id',
        'pay.amount',
        'pay.currency',
        'pay.shipping_address',
        'pay.shipping_status',
        'pay.confirmed_at',
        'pay.shipped_at',
        'p.name as product_name',
        'p.image_id',
        'p.status as product_status',
        'b.name as buyer_first_name',
        'b.last_name as buyer_last_name',
        'b.username as buyer_username',
        'b.email as buyer_email',
        'b.phone as buyer_phone',
      ])
      .where('pay.seller_id', '=', sellerId)
      .where('pay.status', '=', 'confirmed')
      .orderBy('pay.confirmed_at', 'desc')
      .orderBy('pay.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /** The one confirmed payment of a product (a product is sold at most once), locked. */
  findSaleForUpdate(trx: Database, productId: number) {
    return trx
      .selectFrom('payments')
      .select(['id', 'seller_id', 'buyer_id', 'product_id', 'kind', 'shipping_status'])
      .where('product_id', '=', productId)
      .where('status', '=', 'confirmed')
      .forUpdate()
      .executeTakeFirst();
  },

  markShipped(trx: Database, paymentId: string, now: Date) {
    return trx
      .updateTable('payments')
      .set({ shipping_status: 'shipped', shipped_at: now, updated_at: now })
      .where('id', '=', paymentId)
      .where('shipping_status', '=', 'pending')
      .executeTakeFirst();
  },

  /** The product follows its sale: sold → shipped. */
  async markProductShipped(trx: Database, productId: number, now: Date) {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'name'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('products')
      .set({ status: 'shipped', updated_at: now })
      .where('id', '=', productId)
      .where('status', '=', 'sold')
      .execute();
    return product;
  },
};
