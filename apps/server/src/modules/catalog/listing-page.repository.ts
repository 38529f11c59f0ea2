import type { BrowseSort } from '@app/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { type ListingFilters, listing } from './catalog.repository.ts';

/** Where the next page starts: the last row's sort key and id. */
export interface ListingCursor {
  key: string;
  id: number;
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

/** Where buy-now products (no end) sort when ending soon: last. Written with its zone, as the index is. */
const NO_END = sql.raw(`timestamptz '9999-12-31 00:00:00+00'`);

/**
 * One stretch of the listing read in the sort's order: the rows `where` picks, ordered by
 * `order` (the sort key as an index of the listing holds it, then the id), and the condition
 * that starts it after a cursor's row.
 */
interface Part {
  where: (filters: ListingFilters) => RawBuilder<SqlBool>;
  /** Before the id; none when every row of the part has the same key. */
  order?: RawBuilder<unknown>;
  after: (
    cursor: ListingCursor,
    comparison: RawBuilder<unknown>,
    direction: 'asc' | 'desc',
  ) => RawBuilder<SqlBool>;
}

interface Sort {
  /** The sort key as an integer (timestamps in microseconds, money in centavos): the cursor's. */
  key: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
  parts: Part[];
}

const byKey =
  (column: RawBuilder<unknown>) =>
  (cursor: ListingCursor, comparison: RawBuilder<unknown>): RawBuilder<SqlBool> =>
    sql<SqlBool>`(${column}, l.product_id) ${comparison} (${cursor.key}::bigint, ${cursor.id})`;

/** The last second a timestamp key may name (9999-12-31 23:59:59 UTC): later ones are clamped to it. */
const LAST_SECOND = 253_402_300_799n;

/**
 * A timestamp sort's cursor: the exact comparison on the microsecond key, plus the same bound to
 * the second on the indexed timestamp itself, which the index takes as where its walk starts
 * (the key alone is a filter, so a deep page would walk every row before the cursor).
 */
const byTime =
  (indexed: RawBuilder<unknown>, key: RawBuilder<unknown>) =>
  (
    cursor: ListingCursor,
    comparison: RawBuilder<unknown>,
    direction: 'asc' | 'desc',
  ): RawBuilder<SqlBool> => {
    const micros = BigInt(cursor.key);
    const floor = micros / 1_000_000n - (micros < 0n && micros % 1_000_000n !== 0n ? 1n : 0n);
    const clamp = (seconds: bigint) => (seconds < 0n ? 0n : seconds > LAST_SECOND ? LAST_SECOND : seconds);
    const bound =
      direction === 'asc'
        ? sql`${indexed} >= to_timestamp(${Number(clamp(floor))})`
        : sql`${indexed} < to_timestamp(${Number(clamp(floor + 1n))})`;
    return sql<SqlBool>`(${bound} and ${byKey(key)(cursor, comparison)})`;
  };

/**
 * A sort by price reads the rows whose price no bid can change (`static_price`: buy-now prices
 * and auctions' base prices before their first bid) from their index in order, and the lots
 * already bid on (the index's null part) whole, as many as are being bid on; the page is the
 * first rows of both. Indexing the price itself would make every bid rewrite every index of
 * its row (decision record 0022).
 */
const priceParts: Part[] = [
  {
    // The price range written on the indexed column too, so the walk starts and stops at it.
    where: ({ minPrice, maxPrice }) =>
      sql<SqlBool>`l.static_price is not null
        ${minPrice === undefined ? sql`` : sql`and l.static_price >= ${minPrice}`}
        ${maxPrice === undefined ? sql`` : sql`and l.static_price <= ${maxPrice}`}`,
    order: sql`l.static_price`,
    after: byKey(sql`l.static_price`),
  },
  { where: () => sql`l.static_price is null`, order: sql`l.price`, after: byKey(sql`l.price`) },
];

/**
 * Each sort as its key and direction plus the parts read for it; ties are broken by the product
 * id in the same direction, so a page boundary is one row comparison and rows never reorder
 * between requests.
 */
const SORTS: Record<BrowseSort, Sort> = {
  ending_soon: {
    key: sql`(extract(epoch from coalesce(l.end_time, ${NO_END})) * 1000000)::bigint`,
    direction: 'asc',
    parts: [
      {
        where: () => sql`true`,
        order: sql`coalesce(l.end_time, ${NO_END})`,
        after: byTime(
          sql`coalesce(l.end_time, ${NO_END})`,
          sql`(extract(epoch from coalesce(l.end_time, ${NO_END})) * 1000000)::bigint`,
        ),
      },
    ],
  },
  newest: {
    key: sql`(extract(epoch from l.created_at) * 1000000)::bigint`,
    direction: 'desc',
    parts: [
      {
        where: () => sql`true`,
        order: sql`l.created_at`,
        after: byTime(sql`l.created_at`, sql`(extract(epoch from l.created_at) * 1000000)::bigint`),
      },
    ],
  },
  price_asc: { key: sql`l.price`, direction: 'asc', parts: priceParts },
  price_desc: { key: sql`l.price`, direction: 'desc', parts: priceParts },
  most_bids: {
    key: sql`l.bids_count::bigint`,
    direction: 'desc',
    parts: [
      // No bids: the key is 0 for all, so the id's order (the primary key's) is theirs.
      {
        where: () => sql`l.bids_count = 0`,
        after: (cursor) =>
          cursor.key === '0' ? sql<SqlBool>`l.product_id < ${cursor.id}` : sql<SqlBool>`true`,
      },
      {
        where: () => sql`l.static_price is null and l.bids_count > 0`,
        order: sql`l.bids_count`,
        after: byKey(sql`l.bids_count::bigint`),
      },
    ],
  },
};

export const listingPageRepository = {
  /**
   * One page of the listing in the sort's order: after `cursor` when given, else from `offset`.
   * Asks for one row more than `limit`, so the caller knows whether a next page exists. Each
   * part is cut to the page on the narrow listing first; only then are the page's products and
   * names read.
   */
  async page(
    db: Database,
    filters: ListingFilters,
    now: Date,
    sort: BrowseSort,
    limit: number,
    position: { cursor?: ListingCursor; offset: number },
  ): Promise<ListingRow[]> {
    const { key, direction, parts } = SORTS[sort];
    const order = sql.raw(direction);
    const comparison = sql.raw(direction === 'asc' ? '>' : '<');
    const { cursor } = position;
    const wanted = limit + 1 + (cursor ? 0 : position.offset);
    const selects = parts.map(
      (part) => sql`(
        select l.product_id as id, l.condition, l.kind, l.price, l.auction_id, l.end_time,
               l.bids_count, l.category_id, l.brand_id, l.scale_id, ${key} as sort_key
        from (${listing(filters, now, { facetsOpen: false, also: [part.where(filters)] })}) l
        where ${cursor ? part.after(cursor, comparison, direction) : sql`true`}
        order by ${part.order ? sql`${part.order} ${order},` : sql``} l.product_id ${order}
        limit ${wanted}
      )`,
    );
    const { rows } = await sql<ListingRow>`
      select l.*, p.name, p.image_id, p.grading_company, p.grading_grade, p.grading_certificate,
             c.name as category, b.name as brand, s.name as scale, u.username as seller_username
      from (
        select * from (${sql.join(selects, sql` union all `)}) l
        order by l.sort_key ${order}, l.id ${order}
        limit ${limit + 1} ${cursor ? sql`` : sql`offset ${position.offset}`}
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
};
