import {
  ENDING_SOON_MS,
  WATCHLIST_LIMIT,
  type WatchlistChangeResponse,
  type WatchlistResponse,
  watchlistMessages,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { imageUrls } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { assertProductVisible } from '../products/product-visibility.service.ts';
import { watchlistRepository as repo } from './watchlist.repository.ts';

const BATCH = 100;

/** A product left the marketplace (taken down): nobody follows it any more; answers who did. */
export async function dropWatchers(trx: Database, productId: number): Promise<number[]> {
  const rows = await trx
    .deleteFrom('watchlist')
    .where('product_id', '=', productId)
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

export function createWatchlistService(ctx: AppContext) {
  const { db, clock, events } = ctx;
  return {
    /** Idempotent: following a product twice is following it once. Not one taken down (404). */
    async add(userId: number, productId: number): Promise<WatchlistChangeResponse> {
      const product = await repo.findProduct(db, productId);
      if (!product) throw notFound('PRODUCT_NOT_FOUND', watchlistMessages.productNotFound);
      await assertProductVisible(db, product, userId);
      await repo.add(db, userId, productId, clock.now());
      return { product_id: productId, watching: true, message: watchlistMessages.added };
    },

    async remove(userId: number, productId: number): Promise<WatchlistChangeResponse> {
      await repo.remove(db, userId, productId);
      return { product_id: productId, watching: false, message: watchlistMessages.removed };
    },

    async list(userId: number): Promise<WatchlistResponse> {
      const rows = await repo.list(db, userId, WATCHLIST_LIMIT);
      return {
        items: rows.map((r) => {
          const inAuction = r.auction_id !== null;
          return {
            product_id: r.product_id,
            name: r.name,
            image: imageUrls(r.image_id).image,
            status: r.status,
            auction_id: r.auction_id,
            end_time: inAuction && r.end_time ? new Date(r.end_time).toISOString() : null,
            highest_bid: inAuction ? (r.highest_bid === null ? 0 : toPesos(r.highest_bid)) : null,
          };
        }),
        server_time: clock.now().toISOString(),
      };
    },

    /** Job: one `ending_soon` per watcher and product, 15 minutes before its effective end. */
    async warnEndingSoon(now: Date): Promise<number> {
      const notified = await db.transaction().execute(async (trx) => {
        const due = await repo.claimEndingSoon(trx, now, ENDING_SOON_MS, BATCH);
        return createNotifications(
          trx,
          due.map((d) => ({
            userId: d.user_id,
            type: 'ending_soon' as const,
            title: watchlistMessages.endingSoonTitle,
            message: watchlistMessages.endingSoon(d.name),
            link: `/auctions/product/${d.product_id}`,
          })),
          now,
        );
      });
      if (notified.length > 0) await publishNotifications(events, notified);
      return notified.length;
    },
  };
}

/** An erased account's watchlist goes with it. */
export async function forgetWatchlist(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('watchlist').where('user_id', '=', userId).execute();
}
