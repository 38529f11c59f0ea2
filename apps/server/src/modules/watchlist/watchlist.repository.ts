import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export const watchlistRepository = {
  findProduct(db: Database, productId: number) {
    return db
      .selectFrom('products')
      .select(['id', 'owner_id', 'taken_down_at'])
      .where('id', '=', productId)
      .executeTakeFirst();
  },

  /**
   * Watches a product. Watching it again after removing it does not bring a second warning: a
   * user already warned about this product in its current auction starts out marked as warned.
   */
  add(db: Database, userId: number, productId: number, now: Date) {
    const warnedIn = sql<number | null>`(
      select a.id from products p
      join auctions a on a.id = p.auction_id
      where p.id = ${productId}
        and exists (
          select 1 from notifications n
          where n.user_id = ${userId}
            and n.type = 'ending_soon'
            and n.link = ${`/auctions/product/${productId}`}
            and n.created_at >= coalesce(a.start_time, a.created_at)
        )
    )`;
    return db
      .insertInto('watchlist')
      .values({ user_id: userId, product_id: productId, created_at: now, ending_soon_auction_id: warnedIn })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute();
  },

  remove(db: Database, userId: number, productId: number) {
    return db
      .deleteFrom('watchlist')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .execute();
  },

  /** The user's watched products, newest first, with the race of the auction each is in. */
  list(db: Database, userId: number, limit: number) {
    return db
      .selectFrom('watchlist as w')
      .innerJoin('products as p', 'p.id', 'w.product_id')
      .leftJoin('auctions as a', 'a.id', 'p.auction_id')
      .leftJoin('auction_products as ap', (join) =>
        join.onRef('ap.auction_id', '=', 'p.auction_id').onRef('ap.product_id', '=', 'p.id'),
      )
      .select((eb) => [
        'p.id as product_id',
        'p.name',
        'p.image_id',
        'p.status',
        'p.auction_id',
        'ap.highest_bid',
        eb.fn.coalesce('ap.end_time', 'a.end_time').as('end_time'),
      ])
      .where('w.user_id', '=', userId)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.product_id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * Claims watchers of still-open products in active auctions whose effective end falls within
   * `windowMs` of `now` and who were not yet warned for that auction; marks them warned in the
   * same transaction. SKIP LOCKED: each warning is sent by exactly one process.
   */
  async claimEndingSoon(trx: Database, now: Date, windowMs: number, limit: number) {
    const until = new Date(now.getTime() + windowMs);
    const rows = await sql<{
      user_id: number;
      product_id: number;
      auction_id: number;
      name: string;
    }>`
      select w.user_id, w.product_id, ap.auction_id, p.name
      from watchlist w
      join products p on p.id = w.product_id
      join auction_products ap on ap.product_id = p.id and ap.auction_id = p.auction_id
      join auctions a on a.id = ap.auction_id
      where a.status = 'active'
        and ap.outcome is null
        and coalesce(ap.end_time, a.end_time) > ${now}
        and coalesce(ap.end_time, a.end_time) <= ${until}
        and (w.ending_soon_auction_id is null or w.ending_soon_auction_id <> ap.auction_id)
      order by w.user_id, w.product_id
      limit ${limit}
      for update of w skip locked
    `.execute(trx);
    for (const row of rows.rows) {
      await trx
        .updateTable('watchlist')
        .set({ ending_soon_auction_id: row.auction_id })
        .where('user_id', '=', row.user_id)
        .where('product_id', '=', row.product_id)
        .execute();
    }
    return rows.rows;
  },
};
