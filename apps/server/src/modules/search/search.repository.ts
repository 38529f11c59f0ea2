import { type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { type PreparedSearch, searchDocuments, termMatches, termRelevance } from './search.matching.ts';
import { type RankedDocuments, rankNewestFirst } from './search.ranking.ts';

/** Product statuses a visitor may find: not sold, shipped, delivered or cancelled. */
const VISIBLE_PRODUCT_STATUSES = ['available', 'in_auction'] as const;
/** Auctions whose products carry an auction link in results. */
const OPEN_AUCTION_STATUSES = ['upcoming', 'active'] as const;
/** Thumbnails returned per auction. */
const AUCTION_IMAGES = 4;
/** Products and auctions ranked before any older one is read (see rankNewestFirst). */
const RECENT_PRODUCTS = 2000;
const RECENT_AUCTIONS = 500;

const productDocuments: RankedDocuments = {
  table: 'product_search',
  id: 'product_id',
  text: 'search_text',
  visible: { where: sql<SqlBool>`s.status in (${sql.join(VISIBLE_PRODUCT_STATUSES)})` },
};

/** Upcoming auctions, and running ones before their end. */
const auctionDocuments = (now: Date): RankedDocuments => ({
  table: 'auction_search',
  id: 'auction_id',
  text: 'search_name',
  visible: {
    join: sql`join auctions h on h.id = s.auction_id`,
    where: sql<SqlBool>`(h.status = 'upcoming' or (h.status = 'active' and (h.end_time is null or h.end_time > ${now})))`,
  },
});

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
    const ranked = await rankNewestFirst(db, search, productDocuments, limit, recent);
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
        ranked.map((r) => r.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ranked.flatMap((r) => byId.get(r.id) ?? []);
  },

  /** Upcoming and running auctions by title, with their owner and first product thumbnails. */
  async findAuctions(
    db: Database,
    search: PreparedSearch,
    now: Date,
    limit: number,
    recent = RECENT_AUCTIONS,
  ) {
    const ranked = await rankNewestFirst(db, search, auctionDocuments(now), limit, recent);
    if (ranked.length === 0) return [];
    const rows = await db
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
          .select(
            sql<(string | null)[]>`coalesce(array_agg(first.image_id::text order by first.id), '{}')`.as('i'),
          )
          .as('image_ids'),
      )
      .where(
        'a.id',
        'in',
        ranked.map((r) => r.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ranked.flatMap((r) => byId.get(r.id) ?? []);
  },
};
