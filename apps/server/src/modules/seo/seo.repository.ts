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
        sql<boolean>`coalesce(a.status = 'active' and a.end_time > ${now}, false)`.as('auction_live'),
        (eb) =>
          eb
            .selectFrom('bids as b')
            .select((b) => b.fn.max('b.amount').as('amount'))
            .whereRef('b.product_id', '=', 'p.id')
            .whereRef('b.auction_id', '=', 'p.auction_id')
            .as('highest_bid'),
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

  /** Every live listing: products in running auctions and buy-now products on sale. */
  liveListings(db: Database, now: Date) {
    return db
      .selectFrom('products as p')
      .leftJoin('auctions as a', 'a.id', 'p.auction_id')
      .select([
        'p.id',
        'p.updated_at',
        sql<boolean>`coalesce(a.status = 'active' and a.end_time > ${now}, false)`.as('auction_live'),
      ])
      .where('p.taken_down_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('a.status', '=', 'active'), eb('a.end_time', '>', now)]),
          eb.and([eb('p.can_be_bought', '=', true), eb('p.status', '=', 'available')]),
        ]),
      )
      .orderBy('p.id')
      .execute();
  },
};
