import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { newStamp } from './bids.repository.ts';

/** Bidders' ceilings (their maximum bids), saved, read and dropped. */
export const ceilingsRepository = {
  /** Saves a bidder's ceiling; setting the same amount again keeps its place in the queue. */
  async upsertCeiling(
    trx: Database,
    input: { auctionId: number; productId: number; userId: number; max: number; now: Date },
  ) {
    await sql`
      insert into bid_ceilings (auction_id, product_id, user_id, max_amount, set_order, updated_at)
      values (${input.auctionId}, ${input.productId}, ${input.userId}, ${input.max},
              nextval('bid_ceilings_set_order_seq'), ${input.now})
      on conflict (auction_id, product_id, user_id) do update set
        set_order = case when bid_ceilings.max_amount = excluded.max_amount
                         then bid_ceilings.set_order else excluded.set_order end,
        max_amount = excluded.max_amount,
        updated_at = excluded.updated_at
    `.execute(trx);
  },

  findCeiling(db: Database, auctionId: number, productId: number, userId: number) {
    return db
      .selectFrom('bid_ceilings')
      .select(['max_amount'])
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /** Deletes a user's ceilings and gives each race that held one a new stamp. */
  async dropCeilings(trx: Database, userId: number): Promise<void> {
    const dropped = await trx
      .deleteFrom('bid_ceilings')
      .where('user_id', '=', userId)
      .returning(['auction_id', 'product_id'])
      .execute();
    for (const { auction_id, product_id } of dropped) {
      await trx
        .updateTable('auction_products')
        .set({ race_stamp: newStamp() })
        .where('auction_id', '=', auction_id)
        .where('product_id', '=', product_id)
        .execute();
    }
  },
};
