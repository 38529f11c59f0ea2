import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { type PreparedSearch, searchDocuments, termMatches, termRelevance } from './search.matching.ts';

/** Product statuses a visitor may find: not sold, shipped, delivered or cancelled. */
export const VISIBLE_PRODUCT_STATUSES = ['available', 'in_auction'] as const;
/** Auctions whose products carry an auction link in results. */
const OPEN_AUCTION_STATUSES = ['upcoming', 'active'] as const;
/** Thumbnails returned per auction. */
const AUCTION_IMAGES = 4;

/**
 * Queries of the combined search, for a term prepared by `prepareSearch` (typos looked up).
 * Each finds and ranks its hits in an inner query and joins the rest for the best `limit` only.
 * The inner queries end in `offset 0`, which keeps PostgreSQL from merging them into the outer
 * one (it would then normalize a title or username again for every ranking test).
 */
export const searchRepository = {
  /** Users by username and bio; username hits rank first. */
  findUsers(db: Database, search: PreparedSearch, limit: number) {
    const hits = db
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.avatar', 'u.bio'])
      .select(sql<string>`search_normalize(${sql.ref('u.username')})`.as('name'))
      .where(termMatches(search, searchDocuments.user('u')))
      .offset(0);
    return db
      .selectFrom(hits.as('h'))
      .select(['h.id', 'h.username', 'h.avatar', 'h.bio'])
      .orderBy(termRelevance(search, sql.ref('h.name')), 'desc')
      .orderBy('h.id', 'asc')
      .limit(limit)
      .execute();
  },

  /**
   * Visible products by name, brand, category, tags and description; name hits rank first, then
   * the newest. `auction_id` is the open (upcoming or active) auction holding the product, if any.
   */
  findProducts(db: Database, search: PreparedSearch, limit: number) {
    const best = db
      .selectFrom('product_search as s')
      .select('s.product_id')
      .select(termRelevance(search, sql.ref('s.search_name')).as('score'))
      .where('s.status', 'in', VISIBLE_PRODUCT_STATUSES)
      .where(termMatches(search, searchDocuments.product('s')))
      .orderBy('score', 'desc')
      .orderBy('s.product_id', 'desc')
      .limit(limit);
    return db
      .selectFrom(best.as('b'))
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select([
        'p.id',
        'p.name',
        'p.image_id',
        'p.description',
        'c.name as category',
        'p.can_be_bought',
        'p.sell_price',
      ])
      .select((eb) =>
        eb
          .selectFrom('auction_products as ap')
          .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
          .select('a.id')
          .whereRef('ap.product_id', '=', 'p.id')
          .where('a.status', 'in', OPEN_AUCTION_STATUSES)
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('auction_id'),
      )
      .orderBy('b.score', 'desc')
      .orderBy('b.product_id', 'desc')
      .execute();
  },

  /** Upcoming and running auctions by title, with their owner and first product thumbnails. */
  findAuctions(db: Database, search: PreparedSearch, now: Date, limit: number) {
    const hits = db
      .selectFrom('auctions as a')
      .select('a.id')
      .select(sql<string>`search_normalize(${sql.ref('a.title')})`.as('name'))
      .where((eb) =>
        eb.or([
          eb('a.status', '=', 'upcoming'),
          eb.and([
            eb('a.status', '=', 'active'),
            eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>', now)]),
          ]),
        ]),
      )
      .where(termMatches(search, searchDocuments.auctionTitle('a.title')))
      .offset(0);
    const best = db
      .selectFrom(hits.as('h'))
      .select('h.id')
      .select(termRelevance(search, sql.ref('h.name')).as('score'))
      .orderBy('score', 'desc')
      .orderBy('h.id', 'desc')
      .limit(limit);
    return db
      .selectFrom(best.as('b'))
      .innerJoin('auctions as a', 'a.id', 'b.id')
      .innerJoin('users as o', 'o.id', 'a.owner_id')
      .select([
        'a.id',
        'a.title',
        'a.is_flash',
        'a.min_offer',
        'a.end_time',
        'o.username as owner_username',
        'o.avatar as owner_avatar',
      ])
      .select((eb) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('auction_products as ap')
              .innerJoin('products as p', 'p.id', 'ap.product_id')
              .select(['p.image_id', 'p.id'])
              .whereRef('ap.auction_id', '=', 'a.id')
              .orderBy('p.id', 'asc')
              .limit(AUCTION_IMAGES)
              .as('first'),
          )
          .select(
            sql<(string | null)[]>`coalesce(array_agg(first.image_id::text order by first.id), '{}')`.as('i'),
          )
          .as('image_ids'),
      )
      .orderBy('b.score', 'desc')
      .orderBy('b.id', 'desc')
      .execute();
  },
};
