import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { containsTerm, searchDocuments, similarity, termMatches } from './search.matching.ts';

/** Product statuses a visitor may find: not sold, shipped, delivered or cancelled. */
export const VISIBLE_PRODUCT_STATUSES = ['available', 'in_auction'] as const;
/** Auctions whose products carry an auction link in results. */
const OPEN_AUCTION_STATUSES = ['upcoming', 'active'] as const;
/** Thumbnails returned per auction. */
const AUCTION_IMAGES = 4;

/**
 * Queries of the combined search. Each takes the transaction in which `useSearchThreshold` ran
 * (the fuzzy match uses the trigram index through `<%`, whose threshold is a setting).
 */
export const searchRepository = {
  /** Users by username and bio; username hits rank first. */
  findUsers(trx: Database, term: string, limit: number) {
    const document = searchDocuments.user('u');
    const username = sql<string>`search_normalize(${sql.ref('u.username')})`;
    return trx
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.avatar', 'u.bio'])
      .where(termMatches(document, term, 'indexed'))
      .orderBy(
        sql`${containsTerm(term, username)} + 2 * ${similarity(term, username)} + ${similarity(term, document)}`,
        'desc',
      )
      .orderBy('u.id', 'asc')
      .limit(limit)
      .execute();
  },

  /**
   * Visible products by name, brand, category, tags and description; name hits rank first.
   * `auction_id` is the open (upcoming or active) auction holding the product, if any.
   */
  findProducts(trx: Database, term: string, limit: number) {
    const document = searchDocuments.product('s');
    const name = sql<string>`${sql.ref('s.search_name')}`;
    const best = trx
      .selectFrom('product_search as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['p.id', 'p.name', 'p.image_id', 'p.description', 'p.category_id', 'p.can_be_bought', 'p.sell_price'])
      .select(
        sql<number>`${containsTerm(term, name)} + 2 * ${similarity(term, name)} + ${similarity(term, document)}`.as(
          'score',
        ),
      )
      .where('p.status', 'in', VISIBLE_PRODUCT_STATUSES)
      .where(termMatches(document, term, 'indexed'))
      .orderBy('score', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit);
    return trx
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
  findAuctions(trx: Database, term: string, now: Date, limit: number) {
    const document = searchDocuments.auctionTitle('a.title');
    return trx
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
      .where(termMatches(document, term, 'indexed'))
      .orderBy(sql`${containsTerm(term, document)} + ${similarity(term, document)}`, 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  },
};
