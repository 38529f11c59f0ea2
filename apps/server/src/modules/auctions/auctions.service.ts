import {
  AUCTION_CARD_IMAGES,
  AUCTION_PAGE_SIZE,
  type AuctionListQuery,
  type AuctionListResponse,
  AuctionListResponseSchema,
  type AuctionProductsResponse,
  auctionMessages,
  auctionsEndpoints,
  endpointUrl,
  pageMeta,
  type UserTotals,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/images.ts';
import type { PagePreloads } from '../../platform/static.ts';
import { timedJson } from '../../platform/timed-json.ts';
import { auctionSearchFilter } from '../search/search-filters.service.ts';
import { createAuctionLifecycle } from './auction-lifecycle.ts';
import { createAuctionProductPage } from './auction-product-page.ts';
import { auctionRacesRepository as races } from './auction-races.repository.ts';
import { summaries, toAuctionProduct } from './auction-views.ts';
import { activeListCache, LIST_CACHE_MAX_MS, productPageCache } from './auctions.read-caches.ts';
import { type AuctionFilter, auctionsRepository as repo } from './auctions.repository.ts';

/**
 * What index.html preloads for a page (see PageHints): a product's auction page
 * (/auctions/product/{id}) its product's image, also painted with the product's name in the
 * placeholder before the app runs; the home page the first page of running auctions
 * it asks for and that page's first card's thumbnails (the list is cached). The hints go to anyone
 * who asks for the address, logged in or not, so only public things are named: a product's name
 * and image only while its auction runs (they are on the auction cards then).
 */
export function pageHints(ctx: AppContext): PagePreloads {
  const service = createAuctionsService(ctx);
  return async (pathname) => {
    if (pathname === '/') {
      const query = { page: 1, size: AUCTION_PAGE_SIZE };
      const { items } = await service.listActive({ ...query, search: undefined });
      const images = (items[0]?.products ?? [])
        .slice(0, AUCTION_CARD_IMAGES)
        .flatMap((p) => p.thumbnail ?? p.image ?? []);
      return { images, data: [endpointUrl(auctionsEndpoints.list, undefined, query)] };
    }
    const match = /^\/auctions\/product\/(\d{1,9})\/?$/.exec(pathname);
    if (!match) return {};
    const product = await races.runningAuctionLead(ctx.db, Number(match[1]));
    const image = imageUrl(product?.image_id ?? null);
    return product && image ? { lead: { src: image, title: product.name } } : {};
  };
}

/**
 * The product's auction page is checked against the database at its next read instead of served
 * on the bus's word: a live channel just counted its bids, and another process may have taken
 * one it has not announced here yet (the client reloads when that count is ahead of its page).
 */
export function recheckProductPage(ctx: AppContext, productId: number) {
  productPageCache(ctx).unconfirm(String(productId));
}

export function createAuctionsService(ctx: AppContext) {
  const { db, clock } = ctx;
  const activeList = activeListCache(ctx);

  const activeFilter = (search: string | undefined) => ({
    status: 'active' as const,
    endsAfter: clock.now(),
    search,
  });

  /** A plain page of running auctions, from memory while it holds (see activeListCache). */
  function plainListPage(query: AuctionListQuery) {
    return activeList.get(`${query.page}:${query.size}`, async () => {
      const now = clock.now();
      const [answer, nextEnd] = await Promise.all([
        page({ status: 'active', endsAfter: now }, query, 'ending'),
        repo.nextActiveEnd(db, now),
      ]);
      const limit = now.getTime() + LIST_CACHE_MAX_MS;
      return {
        value: { answer, json: timedJson(AuctionListResponseSchema, answer) },
        validUntil: new Date(Math.min(limit, nextEnd?.getTime() ?? limit)),
      };
    });
  }

  async function page(
    { search, ...where }: Omit<AuctionFilter, 'matching'> & { search?: string },
    query: { page: number; size: number },
    order: 'ending' | 'newest',
  ): Promise<AuctionListResponse> {
    // The search page's matching (accents, case, typos, cut words) on the title or product names.
    const filter: AuctionFilter = search?.trim()
      ? { ...where, matching: await auctionSearchFilter(db, search, 'a') }
      : where;
    const [total, rows] = await Promise.all([
      repo.countAuctions(db, filter),
      repo.listAuctions(db, filter, { limit: query.size, offset: (query.page - 1) * query.size, order }),
    ]);
    return {
      items: await summaries(db, rows),
      meta: pageMeta(total, query.page, query.size),
      server_time: clock.now().toISOString(),
    };
  }
  return {
    /** Active auctions still running, ending soonest first; `search` matches titles and product names. */
    async listActive(query: AuctionListQuery): Promise<AuctionListResponse> {
      // Searches are as many as people can type: only the plain pages are cached.
      if (query.search?.trim()) return page(activeFilter(query.search), query, 'ending');
      const { answer } = await plainListPage(query);
      return { ...answer, server_time: clock.now().toISOString() };
    },

    /**
     * `listActive`'s answer as the route sends it: a plain page as JSON text (kept encoded in
     * memory, only its server_time written per request), a search as its answer to encode.
     */
    async listActiveAnswer(query: AuctionListQuery): Promise<string | AuctionListResponse> {
      if (query.search?.trim()) return page(activeFilter(query.search), query, 'ending');
      const { json } = await plainListPage(query);
      return json(clock.now().toISOString());
    },

    /** The seller's own auctions in every status, newest first. */
    async listOwn(userId: number, query: AuctionListQuery): Promise<AuctionListResponse> {
      return page({ ownerId: userId, search: query.search }, query, 'newest');
    },

    /** A seller's running auctions (public profile). */
    async listBySeller(sellerId: number, query: AuctionListQuery): Promise<AuctionListResponse> {
      return page({ ownerId: sellerId, status: 'active', endsAfter: clock.now() }, query, 'ending');
    },

    ...createAuctionLifecycle(ctx),

    async productsOfAuction(auctionId: number): Promise<AuctionProductsResponse> {
      const auction = await repo.findAuctionById(db, auctionId);
      if (!auction) throw notFound('AUCTION_NOT_FOUND', auctionMessages.notFound);
      const rows = await races.auctionProducts(db, auctionId);
      const [summary] = await summaries(db, [auction]);
      return {
        auction: summary!,
        products: rows.map((r) => toAuctionProduct(r, auction)),
        server_time: clock.now().toISOString(),
      };
    },

    ...createAuctionProductPage(ctx),

    async totals(userId: number): Promise<UserTotals> {
      return repo.userTotals(db, userId, clock.now());
    },
  };
}

export type AuctionsService = ReturnType<typeof createAuctionsService>;

/** The auctions module's timed work: starting scheduled auctions and closing ended ones. */
export function registerAuctionJobs(ctx: AppContext, service: AuctionsService = createAuctionsService(ctx)) {
  ctx.jobs.register({ name: 'auctions.start', run: (now) => service.startDue(now) });
  ctx.jobs.register({ name: 'auctions.close', run: (now) => service.closeDue(now) });
}
