import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export const seoRepository = {
  /**
   * What a shared product link shows, in one query: the product, whether its auction runs now,
   * its highest bid. Undefined for an unknown product.
   */
  productForPage(db: Database, productId: number, now: Date) {
    return db
      .selectFrom('products as p')
      .leftJoin('auctions as a', 'a.id', 'p.auction_id')
      .leftJoin('auction_products as ap', (join) =>
        join.onRef('ap.auction_id', '=', 'p.auction_id').onRef('ap.product_id', '=', 'p.id'),
      )
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.image_id',
        'p.status',
        'p.can_be_bought',
        'p.sell_price',
        'p.base_price',
        'p.taken_down_at',
        'a.status as auction_status',
        // A soft close moves the product's own end past the auction's first end.
        sql<boolean>`coalesce(a.status = 'active' and coalesce(ap.end_time, a.end_time) > ${now}, false)`.as(
          'auction_live',
        ),
        // Written by every accepted bid, on the product's row of its auction.
        'ap.highest_bid',
      ])
      .where('p.id', '=', productId)
      .executeTakeFirst();
  },

  /** Whether a public profile exists under this username. */
  async usernameExists(db: Database, username: string) {
    const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    return row !== undefined;
  },

  /** The username of user `id` (a /seller/:id address), undefined for none. */
  async usernameById(db: Database, id: number) {
    const row = await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
    return row?.username;
  },

  /**
   * Every live listing, from catalog_listing (what browsing lists, kept by triggers): buy-now
   * products on sale and products of running auctions before their own end (after a soft close
   * on a sibling, a product's end comes before its auction's). Taken-down products and suspended
   * sellers' are never there.
   */
  async liveListings(db: Database, now: Date) {
    const { rows } = await sql<{ id: number; updated_at: Date | string; auction_live: boolean }>`
      select p.id, p.updated_at, l.kind = 'auction' as auction_live
        from catalog_listing l join products p on p.id = l.product_id
       where l.kind = 'buy_now' or l.end_time > ${now}
       order by l.product_id`.execute(db);
    return rows;
  },
};
