import {
  AUCTION_CARD_IMAGES,
  AUCTION_PAGE_SIZE,
  type AuctionListQuery,
  type AuctionListResponse,
  AuctionListResponseSchema,
  type AuctionProductPage,
  type AuctionProductsResponse,
  type AuctionSummary,
  adminMessages,
  auctionMessages,
  auctionsEndpoints,
  type CreateAuctionInput,
  commonMessages,
  endpointUrl,
  pageMeta,
  productMessages,
  type UserTotals,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { imageUrl, imageUrls, photoView } from '../../platform/images.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import { announceChange, readFreshness } from '../../platform/read-cache.ts';
import type { PagePreloads } from '../../platform/static.ts';
import { timedJson } from '../../platform/timed-json.ts';
import { bidHistory } from '../bids/bids.service.ts';
import { tellFollowers } from '../follows/follows.service.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { assertProductVisible, canSeeProduct } from '../products/product-visibility.service.ts';
import { auctionSearchFilter } from '../search/search-filters.service.ts';
import { sellerReputation } from '../trust/reputation.service.ts';
import { assertMayStartAuction } from '../trust/vacation.service.ts';
import { auctionLifecycleRepository as lifecycle } from './auction-lifecycle.repository.ts';
import { auctionRacesRepository as races } from './auction-races.repository.ts';
import { type Auction, iso, toAuctionProduct, toSummary } from './auction-views.ts';
import {
  activeListCache,
  type CachedProductPage,
  LIST_CACHE_MAX_MS,
  PRODUCT_PAGE_CACHE_MAX_MS,
  productPageCache,
} from './auctions.read-caches.ts';
import { type AuctionFilter, auctionsRepository as repo } from './auctions.repository.ts';
import { closeNextDue } from './close-auction.ts';

type Notified = Awaited<ReturnType<typeof createNotifications>>;

const HOUR_MS = 3600 * 1000;

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
  const { db, clock, events } = ctx;
  const activeList = activeListCache(ctx);
  const productPages = productPageCache(ctx);

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

  async function summaries(rows: Auction[]): Promise<AuctionSummary[]> {
    const products = await repo.cardProducts(
      db,
      rows.map((r) => r.id),
    );
    const byAuction = new Map<number, AuctionSummary['products']>();
    for (const p of products) {
      const list = byAuction.get(p.auction_id) ?? [];
      list.push({ id: p.id, name: p.name, ...imageUrls(p.image_id) });
      byAuction.set(p.auction_id, list);
    }
    return rows.map((r) => toSummary(r, byAuction.get(r.id) ?? []));
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
      items: await summaries(rows),
      meta: pageMeta(total, query.page, query.size),
      server_time: clock.now().toISOString(),
    };
  }

  async function publishAll(notified: Notified) {
    if (notified.length > 0) await publishNotifications(events, notified);
  }

  /**
   * A job's pass: what it committed is announced to the read caches before its notifications go
   * out, so a client that reloads on "started" or "ended" is not answered from memory.
   */
  async function announcedPublish(notified: Notified) {
    await announceChange(readFreshness(ctx));
    await publishAll(notified);
  }

  /**
   * The product page. With no viewer (the cached read) null instead of an answer that depends on
   * who asks or is an error (a product taken down, none at all), which the viewer's read gives.
   */
  async function loadProductPage(
    productId: number,
    viewerId: number | null,
  ): Promise<CachedProductPage | null> {
    const product = await races.auctionOfProduct(db, productId);
    if (viewerId === null) {
      if (!product || product.auction_id === null || !(await canSeeProduct(db, product, null))) return null;
    } else if (product) await assertProductVisible(db, product, viewerId);
    const auctionId = product?.auction_id ?? null;
    if (auctionId === null) {
      // Taken down by an operator: it left its auction, and its page says so (to its owner too).
      if (product?.taken_down_at) throw notFound('PRODUCT_TAKEN_DOWN', adminMessages.productTakenDown);
      throw notFound('AUCTION_NOT_FOUND', auctionMessages.noAuctionInfo);
    }
    const auction = await repo.findAuctionById(db, auctionId);
    if (!auction) throw notFound('AUCTION_NOT_FOUND', auctionMessages.noAuctionInfo);
    const [row, owner, bids, reputation] = await Promise.all([
      races.productOfAuctionPage(db, auctionId, productId),
      repo.findUser(db, auction.owner_id),
      bidHistory(db, auctionId, productId),
      sellerReputation(ctx, auction.owner_id),
    ]);
    if (!row || !owner) throw notFound('AUCTION_NOT_FOUND', auctionMessages.noAuctionInfo);
    return {
      auction: {
        id: auction.id,
        title: auction.title,
        status: auction.status,
        start_time: iso(auction.start_time),
        is_flash: auction.is_flash,
      },
      products: [{ ...toAuctionProduct(row, auction), images: row.photos.map(photoView) }],
      owner: { id: owner.id, username: owner.username, avatar: owner.avatar, reputation },
      bids,
      min_offer: toPesos(auction.min_offer),
      max_offer: toPesos(auction.max_offer),
      // The product's own end: soft close moves it past the auction's original end.
      end_time: iso(row.end_time),
    };
  }

  const startedNotice = (a: Auction): NewNotification => ({
    userId: a.owner_id,
    type: 'auction_started',
    title: 'Tu subasta ha comenzado',
    message: `La subasta "${a.title}" ya está activa y recibe pujas.`,
    link: `/auctions/products/${a.id}`,
  });

  /** The seller's followers hear of an auction when it starts (once a day per seller at most). */
  const followersNotice = (trx: Database, a: Auction, now: Date) =>
    tellFollowers(trx, a.owner_id, { kind: 'auction', auctionId: a.id, title: a.title }, now);

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

    /**
     * Creates an auction with the seller's own available products, all in one transaction with
     * the products locked, so two creates racing for a product can't both take it.
     */
    async create(userId: number, input: CreateAuctionInput): Promise<AuctionSummary> {
      if (!(await repo.isSeller(db, userId))) throw forbidden('NOT_SELLER', commonMessages.sellerOnly);
      const now = clock.now();
      const auction = await db.transaction().execute(async (trx) => {
        // A seller on vacation starts no auctions (ones already running go on).
        await assertMayStartAuction(trx, userId, now);
        const products = await repo.lockProducts(trx, input.products);
        const own = products.filter((p) => p.owner_id === userId);
        if (own.length !== input.products.length) {
          // Someone else's product (or none at all) is not the caller's business: 404.
          throw notFound('PRODUCT_NOT_FOUND', auctionMessages.productNotFound);
        }
        if (own.some((p) => p.status !== 'available' || p.auction_id !== null)) {
          throw conflict('PRODUCTS_UNAVAILABLE', auctionMessages.productsUnavailable);
        }
        if (await productLifecycle.inCheckout(trx, input.products, now))
          throw conflict('PRODUCT_RESERVED', productMessages.reservedByBuyer);
        const start = input.started_at;
        const created = await repo.insertAuction(trx, {
          owner_id: userId,
          title: input.title,
          min_offer: toCentavos(input.min_offer),
          max_offer: toCentavos(input.max_offer),
          is_flash: input.is_flash,
          duration_hours: input.duration,
          start_time: start,
          end_time: start ? new Date(start.getTime() + input.duration * HOUR_MS) : null,
          now,
        });
        await repo.attachProducts(trx, created.id, input.products);
        await productLifecycle.enterAuction(trx, input.products, created.id, now);
        await lifecycle.setProductsEnd(trx, created.id, created.end_time);
        return created;
      });
      const [summary] = await summaries([auction]);
      return summary!;
    },

    /** Owner only, upcoming only: starts now and ends after its duration. */
    async activate(userId: number, auctionId: number): Promise<AuctionSummary> {
      const { auction, notified } = await db.transaction().execute(async (trx) => {
        const current = await repo.findAuctionForUpdate(trx, auctionId);
        if (!current) throw notFound('AUCTION_NOT_FOUND', auctionMessages.notFound);
        if (current.owner_id !== userId) throw forbidden();
        if (current.status !== 'upcoming')
          throw conflict('AUCTION_NOT_UPCOMING', auctionMessages.onlyUpcoming);
        const now = clock.now();
        await assertMayStartAuction(trx, userId, now);
        const end = new Date(now.getTime() + current.duration_hours * HOUR_MS);
        const updated = await repo.activate(trx, auctionId, now, end);
        if (!updated) throw conflict('AUCTION_NOT_UPCOMING', auctionMessages.onlyUpcoming);
        await lifecycle.setProductsEnd(trx, auctionId, end);
        const notified = await createNotifications(trx, [startedNotice(updated)], now);
        return { auction: updated, notified: [...notified, ...(await followersNotice(trx, updated, now))] };
      });
      await publishAll(notified);
      const [summary] = await summaries([auction]);
      return summary!;
    },

    async productsOfAuction(auctionId: number): Promise<AuctionProductsResponse> {
      const auction = await repo.findAuctionById(db, auctionId);
      if (!auction) throw notFound('AUCTION_NOT_FOUND', auctionMessages.notFound);
      const rows = await races.auctionProducts(db, auctionId);
      const [summary] = await summaries([auction]);
      return {
        auction: summary!,
        products: rows.map((r) => toAuctionProduct(r, auction)),
        server_time: clock.now().toISOString(),
      };
    },

    /**
     * The product auction page: the product's race, its auction, owner and bid history. The same
     * for everyone who may see the product, so kept in memory (see createProductPageCache).
     */
    async productPage(productId: number, viewerId: number): Promise<AuctionProductPage> {
      const cached = await productPages.get(String(productId), async () => ({
        value: await loadProductPage(productId, null),
        validUntil: new Date(clock.now().getTime() + PRODUCT_PAGE_CACHE_MAX_MS),
      }));
      // Not kept: the viewer decides what is seen, or the answer is an error.
      const page = cached ?? (await loadProductPage(productId, viewerId));
      if (!page) throw new Error('product page expected for a visible product');
      return { ...page, server_time: clock.now().toISOString() };
    },

    async totals(userId: number): Promise<UserTotals> {
      return repo.userTotals(db, userId, clock.now());
    },

    /** Job: starts scheduled auctions whose start time has come, one transaction each. */
    async startDue(now: Date): Promise<number> {
      let count = 0;
      for (;;) {
        const result = await db.transaction().execute(async (trx) => {
          const due = await lifecycle.claimDueStart(trx, now);
          if (!due) return null;
          const start = due.start_time ?? now;
          const end = due.end_time ?? new Date(start.getTime() + due.duration_hours * HOUR_MS);
          await lifecycle.markStarted(trx, due.id, end, now);
          await lifecycle.setProductsEnd(trx, due.id, end);
          const notified = await createNotifications(trx, [startedNotice(due)], now);
          return [...notified, ...(await followersNotice(trx, due, now))];
        });
        if (result === null) return count;
        count += 1;
        await announcedPublish(result);
      }
    },

    /** Job: runs the close-auction workflow for everything that has come to its end. */
    async closeDue(now: Date): Promise<number> {
      let count = 0;
      for (;;) {
        const result = await db.transaction().execute((trx) => closeNextDue(trx, now, ctx.config));
        if (result === null) return count;
        count += 1;
        await announcedPublish(result);
      }
    },
  };
}

export type AuctionsService = ReturnType<typeof createAuctionsService>;

/** The auctions module's timed work: starting scheduled auctions and closing ended ones. */
export function registerAuctionJobs(ctx: AppContext, service: AuctionsService = createAuctionsService(ctx)) {
  ctx.jobs.register({ name: 'auctions.start', run: (now) => service.startDue(now) });
  ctx.jobs.register({ name: 'auctions.close', run: (now) => service.closeDue(now) });
}
