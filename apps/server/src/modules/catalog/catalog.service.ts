import {
  adminMessages,
  attributesFromColumns,
  type BrowseFilters,
  type BrowseQuery,
  type BrowseResponse,
  catalogMessages,
  type ProductCondition,
  productMessages,
  SOLD_ITEMS_LIMIT,
  SOLD_WINDOW_DAYS,
  type SoldPricesResponse,
} from '@app/contracts';
import { sql } from 'kysely';
import { type AppContext, perApp } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/images.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import { createReadCache, readFreshness } from '../../platform/read-cache.ts';
import type { SearchService } from '../search/search.service.ts';
import { catalogRepository, type ListingFilters } from './catalog.repository.ts';
import { facetCountsRepository, type ListingSummary } from './facet-counts.repository.ts';
import { type ListingCursor, type ListingRow, listingPageRepository } from './listing-page.repository.ts';
import { soldRepository } from './sold.repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whole pesos from centavos that may carry a fraction (a median between two prices). */
const wholePesos = (centavos: string | number | null) =>
  centavos === null ? null : Math.round(toPesos(Number(centavos)));

const DAY_MS = 24 * 60 * 60 * 1000;

/** A cursor names its sort, so one taken from another order is refused rather than misread. */
function encodeCursor(sort: string, row: ListingRow): string {
  return Buffer.from(JSON.stringify([sort, String(row.sort_key), row.id])).toString('base64url');
}

/** A cursor's key is compared with the database's bigint: one outside its range is refused. */
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function decodeCursor(sort: string, text: string): ListingCursor {
  try {
    const [cursorSort, key, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      cursorSort === sort &&
      typeof key === 'string' &&
      /^-?\d{1,19}$/.test(key) &&
      BigInt(key) >= INT64_MIN &&
      BigInt(key) <= INT64_MAX &&
      Number.isSafeInteger(id)
    )
      return { key, id: id as number };
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('BROWSE_CURSOR_INVALID', 400, catalogMessages.cursorInvalid, [
    catalogMessages.cursorInvalid,
  ]);
}

export type CatalogService = ReturnType<typeof createCatalogService>;

// An answer holds up to a page of 100 cards with its facets (tens of KB): a few MB at most.
const BROWSE_CACHE_ENTRIES = 256;
/**
 * Bids change prices and bid counts without moving the `catalog` counter (every process's bids
 * would queue on it): the newest bids are read with the counter instead (see bidsVersion), and
 * this bounds how late anything the versions miss shows.
 */
const BROWSE_CACHE_MAX_MS = 2_000;
/**
 * How far back from the newest bid id the bid version counts bids. Bids commit out of id order
 * (two bids at once), so the newest id alone could stand still while an older bid commits; the
 * count of the last ids moves with it. Far more ids than bids can be committing at once (one per
 * database connection), and an index range over the primary key: a cheap read.
 */
const BIDS_VERSION_WINDOW = 256;

/** A version that moves with every new bid (a bid rewritten or removed moves the counter). */
async function bidsVersion(db: Database): Promise<string> {
  const { rows } = await sql<{ top: number | null; recent: string }>`
    select max(id) as top, count(*) as recent from bids
     where id > (select coalesce(max(id), 0) - ${BIDS_VERSION_WINDOW} from bids)
  `.execute(db);
  return `${rows[0]?.top ?? 0}:${rows[0]?.recent ?? 0}`;
}

/**
 * Browse answers, per query: served while the `catalog` counter and the bid version stand still (from memory while
 * the event bus vouches for it), each until the next listed auction product ends or
 * BROWSE_CACHE_MAX_MS.
 */
const browseCache = perApp((ctx: AppContext) =>
  createReadCache<BrowseResponse>({
    db: ctx.db,
    clock: ctx.clock,
    counter: 'catalog',
    sharedVersion: () => bidsVersion(ctx.db),
    freshness: readFreshness(ctx),
    maxEntries: BROWSE_CACHE_ENTRIES,
  }),
);

export function createCatalogService(ctx: AppContext, deps: { search: SearchService }) {
  // Made on first use: the browse benchmark builds this service on a bare database context.
  let browsed: ReturnType<typeof browseCache> | undefined;
  /** The browse filters as the listing takes them; `q` matched by the search module. */
  const listingFilters = async (query: BrowseFilters): Promise<ListingFilters> => {
    const match = await deps.search.productTermMatch(query.q, 'l.search_text', 'w.word');
    return {
      kind: query.kind,
      matches: match?.text,
      matchingWords: match?.words,
      categoryId: query.category_id,
      brandId: query.brand_id,
      scaleId: query.scale_id,
      condition: query.condition,
      minPrice: query.min_price === undefined ? undefined : toCentavos(query.min_price),
      maxPrice: query.max_price === undefined ? undefined : toCentavos(query.max_price),
    };
  };

  return {
    /**
     * How many products matching these browse filters are buyable at `now` and became buyable
     * within `window` (what a saved search calls new results).
     */
    async countBecameBuyable(
      filters: BrowseFilters,
      window: { after: Date; until: Date },
      now: Date,
    ): Promise<number> {
      return catalogRepository.count(
        ctx.db,
        { ...(await listingFilters(filters)), becameBuyable: window },
        now,
      );
    },

    /**
     * What similar products sold for in the last year: the newest sales and the stats over all
     * of them. An unknown product, and a taken-down one, is not found, as on its public page.
     */
    async soldPrices(productId: number): Promise<SoldPricesResponse> {
      const target = await soldRepository.findTarget(ctx.db, productId);
      if (!target) throw notFound('NOT_FOUND', productMessages.notFound);
      if (target.taken_down_at) throw notFound('PRODUCT_TAKEN_DOWN', adminMessages.productTakenDown);
      const now = ctx.clock.now();
      const since = new Date(now.getTime() - SOLD_WINDOW_DAYS * DAY_MS);
      const { sales, stats } = await soldRepository.sold(ctx.db, target, since, now, SOLD_ITEMS_LIMIT);
      return {
        items: sales.map((row) => ({
          name: row.name,
          image: imageUrl(row.image_id, 'thumb'),
          price: wholePesos(row.amount) as number,
          sold_at: new Date(row.sold_at).toISOString(),
          kind: row.kind,
        })),
        stats: {
          count: Number(stats.count),
          median: wholePesos(stats.median),
          min: wholePesos(stats.min),
          max: wholePesos(stats.max),
        },
      };
    },

    /**
     * What can be bought now, filtered and sorted, with the number of matches and the facet
     * counts. `q` is matched by the search module, so browsing finds what search finds. Read
     * from the database every time (what the browse benchmark measures); the route reads
     * `browseCached`.
     */
    browse: (query: BrowseQuery): Promise<BrowseResponse> => browseNow(query, ctx.clock.now()),

    /** `browse`, answered from memory while nothing it shows has changed (see browseCache). */
    async browseCached(query: BrowseQuery): Promise<BrowseResponse> {
      browsed ??= browseCache(ctx);
      return browsed.get(JSON.stringify(query), async () => {
        const now = ctx.clock.now();
        const [value, nextEnd] = await Promise.all([
          browseNow(query, now),
          catalogRepository.nextEnd(ctx.db, now),
        ]);
        const limit = now.getTime() + BROWSE_CACHE_MAX_MS;
        return { value, validUntil: new Date(Math.min(limit, nextEnd?.getTime() ?? limit)) };
      });
    },
  };

  /** What can be bought at `now` for the query (uncached). */
  async function browseNow(query: BrowseQuery, now: Date): Promise<BrowseResponse> {
    const cursor = query.after === undefined ? undefined : decodeCursor(query.sort, query.after);
    const filters = await listingFilters(query);
    const offset = (query.page - 1) * query.size;
    const readPage = () =>
      listingPageRepository.page(ctx.db, filters, now, query.sort, query.size, { cursor, offset });
    let summary: ListingSummary;
    let rows: ListingRow[];
    if (filters.matches) {
      // A term's counts read each of its matches: the page is read beside them (side by side on
      // PostgreSQL's pool; PGlite takes them in turn), from the same matches when they are few.
      [summary, rows] = await Promise.all([facetCountsRepository.summary(ctx.db, filters, now), readPage()]);
    } else {
      // The counts first (a few summary rows): a page past the last match is then not read at
      // all, where walking a sort's index for rows that are not there would read the whole index.
      summary = await facetCountsRepository.summary(ctx.db, filters, now);
      rows = summary.total > (cursor ? 0 : offset) ? await readPage() : [];
    }
    const items = rows.slice(0, query.size);
    const facetOf = (name: 'category' | 'brand' | 'scale') =>
      summary.facets
        .filter((f) => f.facet === name && f.id !== null)
        .map((f) => ({ id: f.id as number, name: f.name ?? '', count: f.count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'es'));
    return {
      items: items.map((row) => ({
        product_id: row.id,
        name: row.name,
        image: imageUrl(row.image_id, 'thumb'),
        brand: row.brand,
        category: row.category,
        scale: row.scale,
        ...attributesFromColumns(row),
        price: toPesos(Number(row.price)),
        kind: row.kind,
        auction_id: row.auction_id,
        end_time: iso(row.end_time),
        bids_count: Number(row.bids_count),
        seller_username: row.seller_username,
      })),
      meta: {
        page: query.page,
        size: query.size,
        total: summary.total,
        pages: Math.ceil(summary.total / query.size),
        next: rows.length > query.size ? encodeCursor(query.sort, items.at(-1)!) : null,
      },
      facets: {
        category: facetOf('category'),
        brand: facetOf('brand'),
        scale: facetOf('scale'),
        condition: summary.facets
          .filter((f) => f.facet === 'condition' && f.value !== null)
          .map((f) => ({ value: f.value as ProductCondition, count: f.count }))
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      },
    };
  }
}
