import { roundedAverage } from '@app/contracts';
import type { Database } from '../../platform/db.ts';

export const ratingsRepository = {
  /** The one confirmed payment of a product (a product is sold at most once), locked. */
  findPurchaseForUpdate(trx: Database, productId: number) {
    return trx
      .selectFrom('payments')
      .select(['id', 'buyer_id', 'seller_id', 'product_id', 'shipping_status'])
      .where('product_id', '=', productId)
      .where('status', '=', 'confirmed')
      .forUpdate()
      .executeTakeFirst();
  },

  /** Inserts once per payment: undefined when that purchase was already rated. */
  insert(
    trx: Database,
    values: {
      paymentId: string;
      productId: number;
      sellerId: number;
      buyerId: number;
      score: number;
      comment: string | null;
      now: Date;
    },
  ) {
    return trx
      .insertInto('ratings')
      .values({
        payment_id: values.paymentId,
        product_id: values.productId,
        seller_id: values.sellerId,
        buyer_id: values.buyerId,
        score: values.score,
        comment: values.comment,
        created_at: values.now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  findSellerId(db: Database, username: string) {
    return db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  },

  async listForSeller(db: Database, sellerId: number, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('ratings as r')
        .innerJoin('users as b', 'b.id', 'r.buyer_id')
        .select(['r.score', 'r.comment', 'r.created_at', 'b.username as buyer_username'])
        .where('r.seller_id', '=', sellerId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('ratings')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('seller_id', '=', sellerId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  },
};

/** A seller's rating count and average (one decimal; null without ratings), for profiles. */
export async function findRatingSummary(
  db: Database,
  sellerId: number,
): Promise<{ rating_average: number | null; rating_count: number }> {
  const row = await db
    .selectFrom('ratings')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('score').as('sum'),
    ])
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const sum = Number(row.sum ?? 0);
  return { rating_count: count, rating_average: roundedAverage(sum, count) };
}
