import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { PRICE_BAND_BOUNDS } from '../../platform/db-functions/catalog-price-band.ts';
import { type ListingFilters, listing } from './catalog.repository.ts';
import { listedWordsFor, readableByWords, termProducts } from './term-products.ts';

/** The facet dimensions, each counted with every filter but its own. */
type Facet = 'category' | 'brand' | 'scale' | 'condition';

export interface ListingSummary {
  total: number;
  facets: Array<{
    facet: Facet;
    id: number | null;
    value: string | null;
    name: string | null;
    count: number;
  }>;
}

/** How many bounds are at or below `price`: its band, as `catalog_price_band` numbers them. */
function bandOf(price: number): number {
  let low = 0;
  let high = PRICE_BAND_BOUNDS.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (PRICE_BAND_BOUNDS[middle]! <= price) low = middle + 1;
    else high = middle;
  }
  return low;
}

const lowerBound = (band: number) => (band === 0 ? -Infinity : PRICE_BAND_BOUNDS[band - 1]!);
const upperBound = (band: number) =>
  band === PRICE_BAND_BOUNDS.length ? Infinity : PRICE_BAND_BOUNDS[band]!;

/** A stretch of prices in centavos, ends included; an end left out is open. */
interface PriceRange {
  from?: number;
  to?: number;
}

/**
 * Which bands a price range covers whole (`first` to `last`, none when first > last) and the
 * prices of the bands it cuts (`cuts`: the part of each such band inside the range, read row by
 * row). Without a range every row counts, priced or not.
 */
function bandsOf(
  minPrice?: number,
  maxPrice?: number,
): { first: number; last: number; cuts: PriceRange[] } | null {
  if (minPrice === undefined && maxPrice === undefined) return null;
  const cutBands = new Set<number>();
  let first = 0;
  let last = PRICE_BAND_BOUNDS.length;
  if (minPrice !== undefined) {
    const band = bandOf(minPrice);
    first = lowerBound(band) === minPrice ? band : band + 1;
    if (first > band) cutBands.add(band);
  }
  if (maxPrice !== undefined) {
    const band = bandOf(maxPrice);
    last = upperBound(band) === maxPrice + 1 ? band : band - 1;
    if (last < band) cutBands.add(band);
  }
  const cuts = [...cutBands].map((band) => ({
    from: Math.max(minPrice ?? -Infinity, lowerBound(band)),
    to: Math.min(maxPrice ?? Infinity, upperBound(band) - 1),
  }));
  const finite = (value: number) => (Number.isFinite(value) ? value : undefined);
  return { first, last, cuts: cuts.map((cut) => ({ from: finite(cut.from), to: finite(cut.to) })) };
}

/** `column` within one of `ranges`. */
function inRanges(column: RawBuilder<unknown>, ranges: PriceRange[]): RawBuilder<SqlBool> {
  const one = ({ from, to }: PriceRange) =>
    from === undefined
      ? sql<SqlBool>`${column} <= ${to}`
      : to === undefined
        ? sql<SqlBool>`${column} >= ${from}`
        : sql<SqlBool>`${column} between ${from} and ${to}`;
  return sql<SqlBool>`(${sql.join(ranges.map(one), sql` or `)})`;
}

/**
 * The matches counted by (category, brand, scale, condition), every filter applied but those
 * four. The counts per key come from `catalog_facet_counts` (what each key holds, kept by the
 * listing's triggers), or with a term from the term's products in `catalog_listing_words`, over
 * the price bands the range covers whole; plus the rows priced in the part of a band it cuts, less
 * the auctions past their end that the closing job has not unlisted yet: a few hundred summary
 * rows (or index entries) and a few listed rows instead of every listed row the filters allow.
 */
function matchGroups(filters: ListingFilters, now: Date, termWords?: string[][]): RawBuilder<unknown> {
  const byGroup = sql`group by l.category_id, l.brand_id, l.scale_id, l.condition`;
  const groupColumns = sql`l.category_id, l.brand_id, l.scale_id, l.condition`;
  // Neither knows when a product became buyable (a saved search's window, which only
  // `catalogRepository.count` asks today), nor a term without its words: those read the listed rows.
  if ((filters.matches && !termWords) || filters.becameBuyable)
    return sql`select ${groupColumns}, count(*) as n
      from (${listing(filters, now, { facetsOpen: true })}) l ${byGroup}`;
  const bands = bandsOf(filters.minPrice, filters.maxPrice);
  const whole = bands ? sql`l.price_band between ${bands.first} and ${bands.last}` : sql`true`;
  const kinds = filters.kind === 'all' ? sql`true` : sql`l.kind = ${filters.kind}`;
  const term = filters.matches ?? sql<SqlBool>`true`;
  const parts = [
    filters.matches && termWords
      ? sql`select ${groupColumns}, count(*) as n
          from (${termProducts(termWords, filters.matches)}) l
         where ${kinds} and ${whole} ${byGroup}`
      : sql`select ${groupColumns}, sum(l.n) as n from catalog_facet_counts l
         where ${kinds} and ${whole} ${byGroup}`,
  ];
  if (filters.kind !== 'buy_now')
    parts.push(sql`select ${groupColumns}, -count(*) as n from catalog_listing l
         where l.kind = 'auction' and l.end_time <= ${now} and ${whole} and ${term} ${byGroup}`);
  if (bands && bands.cuts.length > 0) {
    // Through `static_price`'s index: the prices no bid changes, as tight ranges, and the lots
    // bid on (its null part), as many as are being bid on.
    const cut = sql<SqlBool>`(${inRanges(sql`l.static_price`, bands.cuts)}
      or (l.static_price is null and ${inRanges(sql`l.price`, bands.cuts)}))`;
    parts.push(sql`select ${groupColumns}, count(*) as n
      from (${listing(filters, now, { facetsOpen: true, also: [cut] })}) l ${byGroup}`);
  }
  return sql`select ${groupColumns}, sum(l.n) as n from (${sql.join(parts, sql` union all `)}) l
    ${byGroup} having sum(l.n) <> 0`;
}

export const facetCountsRepository = {
  /**
   * The number of matches and the facet counts. The matches are counted by their (category,
   * brand, scale, condition) once; each facet then sums those few groups with every other filter
   * applied (its own left out), so a chosen category still shows how many products the other
   * categories would give.
   */
  async summary(db: Database, filters: ListingFilters, now: Date): Promise<ListingSummary> {
    // A term's listed words are looked up first (one short read): its products are then read
    // by those words, or, when its rarest word is in too many, tested row by row.
    const listed =
      filters.matches && filters.matchingWords && !filters.becameBuyable
        ? await listedWordsFor(db, filters.matchingWords)
        : undefined;
    const termWords = listed && readableByWords(listed) ? listed : undefined;
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
        from (${matchGroups(filters, now, termWords)}) g
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
    const facets: ListingSummary['facets'] = [];
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

  /**
   * Folds every key's appended changes into one row (dropping keys that came to zero), so the
   * summary stays about as many rows as there are keys. Rows appended by transactions that
   * commit meanwhile are not in the statement's snapshot and stay for the next fold; a second
   * process folding at once waits for the rows the first deleted and then finds them gone.
   * Answers how many rows it folded.
   */
  async fold(db: Database): Promise<number> {
    const key = sql`kind, category_id, brand_id, scale_id, condition, price_band`;
    const { rows } = await sql<{ folded: string | number }>`
      with folded as (
        delete from catalog_facet_counts c
         where (c.kind, c.category_id, c.brand_id, coalesce(c.scale_id, -1), coalesce(c.condition, ''),
                coalesce(c.price_band, -1)) in (
           select kind, category_id, brand_id, coalesce(scale_id, -1), coalesce(condition, ''),
                  coalesce(price_band, -1)
             from catalog_facet_counts group by ${key} having count(*) > 1)
        returning c.*
      ), written as (
        insert into catalog_facet_counts (${key}, n)
          select ${key}, sum(n) from folded group by ${key} having sum(n) <> 0
      )
      select count(*) as folded from folded
    `.execute(db);
    return Number(rows[0]?.folded ?? 0);
  },
};
