import type { AuctionListResponse, AuctionProductPage } from '@app/contracts';
import { type AppContext, perApp } from '../../platform/context.ts';
import { createReadCache, readFreshness } from '../../platform/read-cache.ts';
import { auctionRacesRepository as races } from './auction-races.repository.ts';

/**
 * The public list of running auctions, per page, shared by every service of one app: served
 * while the `auction_list` change counter stands still (from memory while the event bus vouches
 * for it), and each page at most until the next running auction ends (it leaves the list then,
 * with no write) or a minute.
 */
export const LIST_CACHE_MAX_MS = 60_000;

export interface CachedListPage {
  answer: Omit<AuctionListResponse, 'server_time'>;
  /** The answer as the route sends it, encoded once (platform/timed-json.ts). */
  json: (serverTime: string) => string;
}

export const activeListCache = perApp((ctx: AppContext) =>
  createReadCache<CachedListPage>({
    db: ctx.db,
    clock: ctx.clock,
    counter: 'auction_list',
    freshness: readFreshness(ctx),
  }),
);

/** A product auction page as anyone who may see the product sees it, less the server's time. */
export type CachedProductPage = Omit<AuctionProductPage, 'server_time'>;

/** A kept product page with its answer as the route sends it, encoded once (platform/timed-json.ts). */
export interface CachedProductPageEntry {
  page: CachedProductPage;
  json: (serverTime: string) => string;
}
/** Product pages held in memory per process (past it, the oldest goes). */
const PRODUCT_PAGE_CACHE_ENTRIES = 2_000;
export const PRODUCT_PAGE_CACHE_MAX_MS = 60_000;

/**
 * Product auction pages: served while the `catalog` counter and the product's race (what every
 * bid rewrites, which does not move the counter) stand still. A page of a product taken down is
 * never kept (who may see it depends on the viewer), nor an answer that is an error.
 */
export const productPageCache = perApp((ctx: AppContext) =>
  createReadCache<CachedProductPageEntry | null>({
    db: ctx.db,
    clock: ctx.clock,
    counter: 'catalog',
    freshness: readFreshness(ctx),
    keyVersion: (key) => races.raceVersion(ctx.db, Number(key)),
    maxEntries: PRODUCT_PAGE_CACHE_ENTRIES,
  }),
);
