import type { BrowseKind, BrowseSort, ProductCondition } from '@app/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** The browse filters as the repository takes them: money in centavos, `q` already a SQL condition. */
export interface ListingFilters {
  kind: BrowseKind;
  /** The search module's condition on `l.product_id` (`true` without a term). */
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
 * What can be bought now, from `catalog_listing` (migration T1200): buy-now products that are
 * available, and products of running auctions before their own end. The table holds only those
 * (never sold, taken-down or suspended sellers' products, which are not `available` or
 * `in_auction`), kept by triggers in the writes' own transactions; the end is compared with the
 * caller's clock here. With `facetsOpen` the category, brand, scale and condition filters are
 * left for the caller to apply (the facet counts drop one each); otherwise they are applied here.
 */
function listing(filters: ListingFilters, now: Date, { facetsOpen }: { facetsOpen: boolean }) {
  const running = sql<SqlBool>`l.end_time > ${now}`;
  const conditions: RawBuilder<SqlBool>[] = [
    filters.kind === 'buy_now'
      ? sql<SqlBool>`l.kind = 'buy_now'`
      : filters.kind === 'auction'
        ? sql<SqlBool>`l.kind = 'auction' and ${running}`
        : sql<SqlBool>`(l.kind = 'buy_now' or ${running})`,
    filters.matches,
  ];
  if (filters.minPrice !== undefined) conditions.push(sql`l.price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) conditions.push(sql`l.price <= ${filters.maxPrice}`);
  const window = filters.becameBuyable;
  if (window !== undefined) {
    // Rare (the saved-search job), so read the start from the source rows instead of widening
    // the listing every browse scans.
    conditions.push(sql<SqlBool>`case l.kind
      when 'buy_now' then exists (select 1 from products p where p.id = l.product_id
                                    and p.available_since > ${window.after} and p.available_since <= ${window.until})
      else exists (select 1 from auctions a where a.id = l.auction_id
                     and a.start_time > ${window.after} and a.start_time <= ${window.until})
    end`);
  }
  if (!facetsOpen) {
    if (filters.categoryId !== undefined) conditions.push(sql`l.category_id = ${filters.categoryId}`);
    if (filters.brandId !== undefined) conditions.push(sql`l.brand_id = ${filters.brandId}`);
    if (filters.scaleId !== undefined) conditions.push(sql`l.scale_id = ${filters.scaleId}`);
    if (filters.condition !== undefined) conditions.push(sql`l.condition = ${filters.condition}`);
  }
  return sql`select l.* from catalog_listing l where ${sql.join(conditions, sql` and `)}`;
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
  /** The soonest end after `now` of a listed auction product: browsing drops it then, with no write. */
  async nextEnd(db: Database, now: Date): Promise<Date | null> {
    const { rows } = await sql<{ next: Date | string | null }>`
      select min(end_time) as next from catalog_listing where end_time > ${now}
    `.execute(db);
    const next = rows[0]?.next ?? null;
    return next === null ? null : new Date(next);
  },

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
      ? sql`and (${keyExpression}, l.product_id) ${sql.raw(direction === 'asc' ? '>' : '<')} (${position.cursor.key}::bigint, ${position.cursor.id})`
      : sql``;
    // Order and cut the page on the narrow listing first, then read the page's products and
    // names only (joining them to every match before the limit cost as much as the listing).
    const { rows } = await sql<ListingRow>`
      select l.*, p.name, p.image_id, p.grading_company, p.grading_grade, p.grading_certificate,
             c.name as category, b.name as brand, s.name as scale, u.username as seller_username
      from (
        select l.product_id as id, l.condition, l.kind, l.price, l.auction_id, l.end_time,
               l.bids_count, l.category_id, l.brand_id, l.scale_id, ${keyExpression} as sort_key
        from (${listing(filters, now, { facetsOpen: false })}) l
        where true ${after}
        order by ${keyExpression} ${order}, l.product_id ${order}
        limit ${limit + 1} ${position.cursor ? sql`` : sql`offset ${position.offset}`}
      ) l
      join products p on p.id = l.id
      join categories c on c.id = l.category_id
      join brands b on b.id = l.brand_id
      left join scales s on s.id = l.scale_id
      join users u on u.id = p.owner_id
      order by l.sort_key ${order}, l.id ${order}
    `.execute(db);
    return rows;
  },

  /**
   * The number of matches and the facet counts. One pass over the listing counts the matches by
   * their (category, brand, scale, condition); each facet then sums those few groups with every
   * other filter applied (its own left out), so a chosen category still shows how many products
   * the other categories would give. Counting every facet straight from the matches scanned them
   * five times, which cost more than the scan itself at 200,000 products.
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
        select g.*,
               ${is('g.category_id', filters.categoryId)} as c_ok,
               ${is('g.brand_id', filters.brandId)} as b_ok,
               ${is('g.scale_id', filters.scaleId)} as s_ok,
               ${is('g.condition', filters.condition)} as k_ok
        from (
          select l.category_id, l.brand_id, l.scale_id, l.condition, count(*) as n
          from (${listing(filters, now, { facetsOpen: true })}) l
          group by l.category_id, l.brand_id, l.scale_id, l.condition
        ) g
      )
      select 'total' as facet, null::integer as id, null::text as value, null::text as name,
             coalesce(sum(n) filter (where c_ok and b_ok and s_ok and k_ok), 0) as count
        from f
      union all
      select 'category', f.category_id, null, c.name, sum(n)
        from f join categories c on c.id = f.category_id
        where b_ok and s_ok and k_ok group by f.category_id, c.name
      union all
      select 'brand', f.brand_id, null, b.name, sum(n)
        from f join brands b on b.id = f.brand_id
        where c_ok and s_ok and k_ok group by f.brand_id, b.name
      union all
      select 'scale', f.scale_id, null, s.name, sum(n)
        from f join scales s on s.id = f.scale_id
        where c_ok and b_ok and k_ok group by f.scale_id, s.name
      union all
      select 'condition', null, f.condition, null, sum(n)
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
