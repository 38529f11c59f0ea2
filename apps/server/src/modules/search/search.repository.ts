import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { type PreparedSearch, searchDocuments, termMatches, termRelevance } from './search.matching.ts';

/** Product statuses a visitor may find: not sold, shipped, delivered or cancelled. */
export const VISIBLE_PRODUCT_STATUSES = ['available', 'in_auction'] as const;
/** Auctions whose products carry an auction link in results. */
const OPEN_AUCTION_STATUSES = ['upcoming', 'active'] as const;
/** Thumbnails returned per auction. */
const AUCTION_IMAGES = 4;

/** Queries of the combined search, for a term prepared by `prepareSearch` (typos looked up). */
export const searchRepository = {
  /** Users by username and bio; username hits rank first. */
  findUsers(db: Database, search: PreparedSearch, limit: number) {
    const username = sql<string>`search_normalize(${sql.ref('u.username')})`;
    return db
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.avatar', 'u.bio'])
      .where(termMatches(search, searchDocuments.user('u')))
      .orderBy(termRelevance(search, username), 'desc')
      .orderBy('u.id', 'asc')
      .limit(limit)
      .execute();
  },

  /**
   * Visible products by name, brand, category, tags and description; name hits rank first.
   * `auction_id` is the open (upcoming or active) auction holding the product, if any.
   */
  findProducts(db: Database, search: PreparedSearch, limit: number) {
    const best = db
      .selectFrom('product_search as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['p.id', 'p.name', 'p.image_id', 'p.description', 'p.category_id', 'p.can_be_bought', 'p.sell_price'])
      .select(termRelevance(search, sql.ref('s.search_name')).as('score'))
      .where('p.status', 'in', VISIBLE_PRODUCT_STATUSES)
      .where(termMatches(search, searchDocuments.product('s')))
      .orderBy('score', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit);
    return db
      .selectFrom(best.as('b'))
      .innerJoin('categories as c', 'c.id', 'b.category_id')
      .select([
        'b.id',
        'b.name',
        'b.image_id',
        'b.description',
        'c.name as category',
        'b.can_be_bought',
        'b.sell_price',
      ])
      .select((eb) =>
        eb
          .selectFrom('auction_products as ap')
          .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
          .select('a.id')
          .whereRef('ap.product_id', '=', 'b.id')
          .where('a.status', 'in', OPEN_AUCTION_STATUSES)
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('auction_id'),
      )
      .orderBy('b.score', 'desc')
      .orderBy('b.id', 'desc')
      .execute();
  },

  /** Upcoming and running auctions by title, with their owner and first product thumbnails. */
  findAuctions(db: Database, search: PreparedSearch, now: Date, limit: number) {
    const document = searchDocuments.auctionTitle('a.title');
    return db
      .selectFrom('auctions as a')
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
          .select(sql<(string | null)[]>`coalesce(array_agg(first.image_id::text order by first.id), '{}')`.as('i'))
          .as('image_ids'),
      )
      .where((eb) =>
        eb.or([
          eb('a.status', '=', 'upcoming'),
          eb.and([eb('a.status', '=', 'active'), eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>', now)])]),
        ]),
      )
      .where(termMatches(search, document))
      .orderBy(termRelevance(search, document), 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  },
};
