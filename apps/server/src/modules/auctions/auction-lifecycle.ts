import {
  type AuctionSummary,
  auctionMessages,
  type CreateAuctionInput,
  commonMessages,
  productMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { toCentavos } from '../../platform/money.ts';
import { announceChange, readFreshness } from '../../platform/read-cache.ts';
import { tellFollowers } from '../follows/follows.service.ts';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { assertMayStartAuction } from '../trust/vacation.service.ts';
import { auctionLifecycleRepository as lifecycle } from './auction-lifecycle.repository.ts';
import { type Auction, summaries } from './auction-views.ts';
import { auctionsRepository as repo } from './auctions.repository.ts';
import { closeNextDue } from './close-auction.ts';

type Notified = Awaited<ReturnType<typeof createNotifications>>;

const HOUR_MS = 3600 * 1000;

/**
 * An auction's life: the seller creates it and starts it by hand, or the timed jobs start it at
 * its scheduled time and close what has come to its end.
 */
export function createAuctionLifecycle(ctx: AppContext) {
  const { db, clock, events } = ctx;

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
      const [summary] = await summaries(db, [auction]);
      return summary!;
    },

    /** Owner only, upcoming only: starts now and ends after its duration. */
    async activate(userId: number, auctionId: number): Promise<AuctionSummary> {
      const { auction, notified } = await db.transaction().execute(async (trx) => {
        const current = await lifecycle.lockAuction(trx, auctionId);
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
      const [summary] = await summaries(db, [auction]);
      return summary!;
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
