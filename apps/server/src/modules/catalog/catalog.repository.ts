import type { BrowseKind, ProductCondition } from '@app/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** The browse filters as the repository takes them: money in centavos, `q` already a SQL condition. */
export interface ListingFilters {
  kind: BrowseKind;
  /** The search module's condition on the listing row (`l.search_text`); none without a term. */
  matches?: RawBuilder<SqlBool>;
  /**
   * The same term per typed word, as conditions on `w.word` of `catalog_words` (the listed
   * words): what the facet counts find the term's products by. None when the term cannot be
   * looked up by its words (the counts then test `matches` on each listed row).
   */
  matchingWords?: RawBuilder<SqlBool>[];
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

/**
 * What can be bought now, from `catalog_listing` (migration T1200): buy-now products that are
 * available, and products of running auctions before their own end. The table holds only those
 * (never sold, taken-down or suspended sellers' products, which are not `available` or
 * `in_auction`), kept by triggers in the writes' own transactions; the end is compared with the
 * caller's clock here. With `facetsOpen` the category, brand, scale and condition filters are
 * left for the caller to apply (the facet counts drop one each); otherwise they are applied here.
 */
export function listing(
  filters: ListingFilters,
  now: Date,
  { facetsOpen, also = [] }: { facetsOpen: boolean; also?: RawBuilder<SqlBool>[] },
) {
  const running = sql<SqlBool>`l.end_time > ${now}`;
  const conditions: RawBuilder<SqlBool>[] = [
    filters.kind === 'buy_now'
      ? sql<SqlBool>`l.kind = 'buy_now'`
      : filters.kind === 'auction'
        ? sql<SqlBool>`l.kind = 'auction' and ${running}`
        : sql<SqlBool>`(l.kind = 'buy_now' or ${running})`,
    ...also,
  ];
  if (filters.matches) conditions.push(filters.matches);
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
};
