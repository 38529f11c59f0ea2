import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import {
  maxRelevance,
  type PreparedSearch,
  relevanceAbove,
  searchDocuments,
  termMatches,
  termRelevance,
} from './search.matching.ts';

/** Product statuses a visitor may find: not sold, shipped, delivered or cancelled. */
export const VISIBLE_PRODUCT_STATUSES = ['available', 'in_auction'] as const;
/** Auctions whose products carry an auction link in results. */
const OPEN_AUCTION_STATUSES = ['upcoming', 'active'] as const;
/** Thumbnails returned per auction. */
const AUCTION_IMAGES = 4;
/** Products ranked before any older one is read (see rankProducts). */
export const RECENT_PRODUCTS = 2000;

/**
 * The best `limit` visible products for a term, by relevance then newest, without ranking every
 * match: a common word matches a tenth of the catalogue (26,000 products at 200,000), and
 * reading and ranking them all cost 45-90 ms on PGlite.
 *
 * First the `recent` newest products are ranked. An older product comes after every one of them
 * that has its relevance or more (ties go to the newest), so once `limit` of them are found, only
 * older products with a relevance above the lowest of those can still enter: none when that is
 * already the highest possible, else only products whose name holds a word of the term, which
 * the trigram index on names finds. With fewer than `limit` among the newest (a rare term), every
 * older match is ranked, as before; there are few of them then.
 */
async function rankProducts(db: Database, search: PreparedSearch, limit: number, recent: number) {
  const score = termRelevance(search, sql.ref('s.search_name'));
  const newest = db
    .selectFrom('product_search')
    .select(['product_id', 'status', 'search_name', 'search_text'])
    .orderBy('product_id', 'desc')
    .limit(recent);
  const first = await db
    .selectFrom(newest.as('s'))
    .select('s.product_id')
    .select(score.as('score'))
    .where('s.status', 'in', VISIBLE_PRODUCT_STATUSES)
    .where(termMatches(search, searchDocuments.product('s')))
    .orderBy('score', 'desc')
    .orderBy('s.product_id', 'desc')
    .limit(limit)
    .execute();
  const floor = first.length < limit ? -1 : first[limit - 1]!.score;
  if (floor >= maxRelevance(search)) return first;
  const oldestRecent = sql<number>`(select min(r.product_id) from (
    select product_id from product_search order by product_id desc limit ${recent}
  ) r)`;
  let older = db
    .selectFrom('product_search as d')
    .select(['d.product_id', 'd.status', 'd.search_name', 'd.search_text'])
    .where('d.product_id', '<', oldestRecent);
  const above = floor >= 0 ? relevanceAbove(search, sql.ref('d.search_name'), floor) : undefined;
  if (above) older = older.where(above.condition);
  // When the names' index answers that condition, it alone picks the rows: `offset 0` keeps the
  // text tests out of the index scan, where intersecting the text trigrams of common words cost
  // more than testing the few rows the names give.
  const rest = await db
    .selectFrom((above?.indexed ? older.offset(0) : older).as('s'))
    .select('s.product_id')
    .select(score.as('score'))
    .where('s.status', 'in', VISIBLE_PRODUCT_STATUSES)
    .where(termMatches(search, searchDocuments.product('s')))
    .where(sql<boolean>`${score} > ${floor}`)
    .orderBy('score', 'desc')
    .orderBy('s.product_id', 'desc')
    .limit(limit)
    .execute();
  return [...first, ...rest]
    .sort((a, b) => b.score - a.score || b.product_id - a.product_id)
    .slice(0, limit);
}

/**
 * Queries of the combined search, for a term prepared by `prepareSearch` (typos looked up).
 * Each finds and ranks its hits on the normalized documents kept by triggers (product_search,
 * user_search, auction_search) and reads the rest for the best `limit` only.
 */
export const searchRepository = {
  /** Users by username and bio; username hits rank first, then the oldest accounts. */
  findUsers(db: Database, search: PreparedSearch, limit: number) {
    const best = db
      .selectFrom('user_search as s')
      .select('s.user_id')
      .select(termRelevance(search, sql.ref('s.search_name')).as('score'))
      .where(termMatches(search, searchDocuments.user('s')))
      .orderBy('score', 'desc')
      .orderBy('s.user_id', 'asc')
      .limit(limit);
    return db
      .selectFrom(best.as('b'))
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['u.id', 'u.username', 'u.avatar', 'u.bio'])
      .orderBy('b.score', 'desc')
      .orderBy('b.user_id', 'asc')
      .execute();
  },

  /**
   * Visible products by name, brand, category, tags and description; name hits rank first, then
   * the newest. `auction_id` is the open (upcoming or active) auction holding the product, if any.
   */
  async findProducts(db: Database, search: PreparedSearch, limit: number, recent = RECENT_PRODUCTS) {
    const ranked = await rankProducts(db, search, limit, recent);
    if (ranked.length === 0) return [];
    const rows = await db
      .selectFrom('products as p')
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
      .where(
        'p.id',
        'in',
        ranked.map((r) => r.product_id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ranked.flatMap((r) => byId.get(r.product_id) ?? []);
  },

  /** Upcoming and running auctions by title, with their owner and first product thumbnails. */
  findAuctions(db: Database, search: PreparedSearch, now: Date, limit: number) {
    const best = db
      .selectFrom('auction_search as s')
      .innerJoin('auctions as h', 'h.id', 's.auction_id')
      .select('h.id')
      .select(termRelevance(search, sql.ref('s.search_name')).as('score'))
      .where((eb) =>
        eb.or([
          eb('h.status', '=', 'upcoming'),
          eb.and([
            eb('h.status', '=', 'active'),
            eb.or([eb('h.end_time', 'is', null), eb('h.end_time', '>', now)]),
          ]),
        ]),
      )
      .where(termMatches(search, sql.ref('s.search_name')))
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
