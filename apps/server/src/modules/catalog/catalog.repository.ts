import type { BrowseKind, BrowseSort, ProductCondition } from '@app/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** The browse filters as the repository takes them: money in centavos, `q` already a SQL condition. */
export interface ListingFilters {
  kind: BrowseKind;
  /** The search module's condition on `p.id` (`true` without a term). */
  matches: RawBuilder<SqlBool>;
  categoryId?: number;
  brandId?: number;
  scaleId?: number;
  condition?: ProductCondition;
  minPrice?: number;
  maxPrice?: number;
  /**
   * Only products that became buyable in this window (after `after`, up to `until`): a buy-now
   * product made available (created, or back from an auction) or an auction started.
   */
  becameBuyable?: { after: Date; until: Date };
}

/** Where the next page starts: the last row's sort key and id. */
export interface ListingCursor {
  key: string;
  id: number;
}

/** The facet dimensions, each counted with every filter but its own. */
type Facet = 'category' | 'brand' | 'scale' | 'condition';

/**
 * The order of each sort as an integer key (timestamps in microseconds, money in centavos) plus
 * the product id, in one direction, so a page boundary is one row comparison `(key, id) > (…)`
 * and ties never reorder between requests. Buy-now products have no end: last when ending soon.
 */
const SORTS: Record<BrowseSort, { key: string; direction: 'asc' | 'desc' }> = {
  ending_soon: {
    key: `(extract(epoch from coalesce(l.end_time, timestamptz '9999-12-31')) * 1000000)::bigint`,
    direction: 'asc',
  },
  newest: { key: '(extract(epoch from l.created_at) * 1000000)::bigint', direction: 'desc' },
  price_asc: { key: 'l.price', direction: 'asc' },
  price_desc: { key: 'l.price', direction: 'desc' },
  most_bids: { key: 'l.bids_count::bigint', direction: 'desc' },
};

/**
 * Conditions every listed product meets, whatever its kind. A taken-down product, and every
 * product of a suspended seller, is `cancelled`, so this status test keeps them out too.
 */
const listable = sql<SqlBool>`p.status in ('available', 'in_auction')`;

/**
 * What can be bought now: buy-now products that are available, and products of running
 * auctions before their own end. Two branches, each able to use its own indexes. With
 * `facetsOpen` the category, brand, scale and condition filters are left for the caller to apply
 * (the facet counts drop one each); otherwise they are applied here, next to the tables.
 */
function listing(filters: ListingFilters, now: Date, { facetsOpen }: { facetsOpen: boolean }) {
  const common: RawBuilder<SqlBool>[] = [listable, filters.matches];
  if (!facetsOpen) {
    if (filters.categoryId !== undefined) common.push(sql`p.category_id = ${filters.categoryId}`);
    if (filters.brandId !== undefined) common.push(sql`p.brand_id = ${filters.brandId}`);
    if (filters.scaleId !== undefined) common.push(sql`p.scale_id = ${filters.scaleId}`);
    if (filters.condition !== undefined) common.push(sql`p.condition = ${filters.condition}`);
  }
  const price = (expression: RawBuilder<number>) => {
    const bounds: RawBuilder<SqlBool>[] = [];
    if (filters.minPrice !== undefined) bounds.push(sql`${expression} >= ${filters.minPrice}`);
    if (filters.maxPrice !== undefined) bounds.push(sql`${expression} <= ${filters.maxPrice}`);
    return bounds;
  };
  const columns = sql`p.id, p.name, p.image_id, p.category_id, p.brand_id, p.scale_id, p.condition,
    p.grading_company, p.grading_grade, p.grading_certificate, p.owner_id, p.created_at`;

  const window = filters.becameBuyable;
  const becameBuyable = (column: RawBuilder<unknown>) =>
    window === undefined ? [] : [sql<SqlBool>`${column} > ${window.after} and ${column} <= ${window.until}`];
  const buyNowNew = becameBuyable(sql`p.available_since`);
  const auctionNew = becameBuyable(sql`a.start_time`);

  const buyNowPrice = sql<number>`p.sell_price`;
  const buyNow = sql`
    select ${columns}, 'buy_now'::text as kind, ${buyNowPrice} as price, null::integer as auction_id,
           null::timestamptz as end_time, 0 as bids_count
    from products p
    where p.status = 'available' and p.can_be_bought
      and ${sql.join([...common, ...buyNowNew, ...price(buyNowPrice)], sql` and `)}`;

  const auctionPrice = sql<number>`coalesce(ap.highest_bid, p.base_price, 0)`;
  const auction = sql`
    select ${columns}, 'auction'::text as kind, ${auctionPrice} as price, a.id as auction_id,
           coalesce(ap.end_time, a.end_time) as end_time, ap.bid_count as bids_count
    from auctions a
    join auction_products ap on ap.auction_id = a.id
    join products p on p.id = ap.product_id
    where a.status = 'active' and p.status = 'in_auction' and coalesce(ap.end_time, a.end_time) > ${now}
      and ${sql.join([...common, ...auctionNew, ...price(auctionPrice)], sql` and `)}`;

  if (filters.kind === 'buy_now') return buyNow;
  if (filters.kind === 'auction') return auction;
  return sql`${buyNow} union all ${auction}`;
}

export interface ListingRow {
  id: number;
  name: string;
  image_id: string | null;
  condition: string | null;
  grading_company: string | null;
  grading_grade: string | number | null;
  grading_certificate: string | null;
  kind: 'auction' | 'buy_now';
  price: number | string;
  auction_id: number | null;
  end_time: Date | string | null;
  bids_count: number | string;
  sort_key: string | number;
  category: string;
  brand: string;
  scale: string | null;
  seller_username: string;
}

export const catalogRepository = {
  /** How many products the listing holds (no page, no facets). */
  async count(db: Database, filters: ListingFilters, now: Date): Promise<number> {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from (${listing(filters, now, { facetsOpen: false })}) l
    `.execute(db);
    return Number(rows[0]?.count ?? 0);
  },

  /**
   * One page of the listing in the sort's order: after `cursor` when given, else from `offset`.
   * Asks for one row more than `limit`, so the caller knows whether a next page exists.
   */
  async page(
    db: Database,
    filters: ListingFilters,
    now: Date,
    sort: BrowseSort,
    limit: number,
    position: { cursor?: ListingCursor; offset: number },
  ): Promise<ListingRow[]> {
    const { key, direction } = SORTS[sort];
    const keyExpression = sql.raw(key);
    const order = sql.raw(direction);
    const after = position.cursor
      ? sql`and (${keyExpression}, l.id) ${sql.raw(direction === 'asc' ? '>' : '<')} (${position.cursor.key}::bigint, ${position.cursor.id})`
      : sql``;
    // Order and cut the page first, then name the page's rows only (joining names to every
    // match before the limit cost as much as the listing itself).
    const { rows } = await sql<ListingRow>`
      select l.*, c.name as category, b.name as brand, s.name as scale, u.username as seller_username
      from (
        select l.id, l.name, l.image_id, l.condition, l.grading_company, l.grading_grade,
               l.grading_certificate, l.kind, l.price, l.auction_id, l.end_time, l.bids_count,
               l.category_id, l.brand_id, l.scale_id, l.owner_id, ${keyExpression} as sort_key
        from (${listing(filters, now, { facetsOpen: false })}) l
        where true ${after}
        order by ${keyExpression} ${order}, l.id ${order}
        limit ${limit + 1} ${position.cursor ? sql`` : sql`offset ${position.offset}`}
      ) l
      join categories c on c.id = l.category_id
      join brands b on b.id = l.brand_id
      left join scales s on s.id = l.scale_id
      join users u on u.id = l.owner_id
      order by l.sort_key ${order}, l.id ${order}
    `.execute(db);
    return rows;
  },

  /**
   * The number of matches and the facet counts, in one pass over the listing: each facet counts
   * with every other filter applied (its own left out), so a chosen category still shows how many
   * products the other categories would give.
   */
  async summary(
    db: Database,
    filters: ListingFilters,
    now: Date,
  ): Promise<{
    total: number;
    facets: Array<{
      facet: Facet;
      id: number | null;
      value: string | null;
      name: string | null;
      count: number;
    }>;
  }> {
    const is = (column: string, value: number | string | undefined) =>
      value === undefined ? sql`true` : sql`${sql.ref(column)} = ${value}`;
    const { rows } = await sql<{
      facet: Facet | 'total';
      id: number | null;
      value: string | null;
      name: string | null;
      count: string | number;
    }>`
      with f as materialized (
        select l.category_id, l.brand_id, l.scale_id, l.condition,
               ${is('l.category_id', filters.categoryId)} as c_ok,
               ${is('l.brand_id', filters.brandId)} as b_ok,
               ${is('l.scale_id', filters.scaleId)} as s_ok,
               ${is('l.condition', filters.condition)} as k_ok
        from (${listing(filters, now, { facetsOpen: true })}) l
      )
      select 'total' as facet, null::integer as id, null::text as value, null::text as name,
             count(*) filter (where c_ok and b_ok and s_ok and k_ok) as count
        from f
      union all
      select 'category', f.category_id, null, c.name, count(*)
        from f join categories c on c.id = f.category_id
        where b_ok and s_ok and k_ok group by f.category_id, c.name
      union all
      select 'brand', f.brand_id, null, b.name, count(*)
        from f join brands b on b.id = f.brand_id
        where c_ok and s_ok and k_ok group by f.brand_id, b.name
      union all
      select 'scale', f.scale_id, null, s.name, count(*)
        from f join scales s on s.id = f.scale_id
        where c_ok and b_ok and k_ok group by f.scale_id, s.name
      union all
      select 'condition', null, f.condition, null, count(*)
        from f
        where c_ok and b_ok and s_ok and f.condition is not null group by f.condition
    `.execute(db);
    let total = 0;
    const facets = [];
    for (const row of rows) {
      if (row.facet === 'total') total = Number(row.count);
      else
        facets.push({
          facet: row.facet,
          id: row.id,
          value: row.value,
          name: row.name,
          count: Number(row.count),
        });
    }
    return { total, facets };
  },
};
