import {
  LATE_SHIPPING_DAYS,
  REPUTATION_LONG_DAYS,
  REPUTATION_SHORT_DAYS,
  type Reputation,
  reputationOf,
  reputationPeriod,
} from '@app/contracts';
import { type AppContext, perApp } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { createReadCache, readFreshness } from '../../platform/read-cache.ts';
import { reputationCounts } from './reputation.repository.ts';

const DAY_MS = 24 * 3600_000;
/** How long a reading holds by the clock alone: the windows slide and unshipped sales turn late. */
const REPUTATION_CACHE_MAX_MS = 60_000;

/** A seller's thermometer as of `now`, computed in the database. */
async function computeReputation(db: Database, sellerId: number, now: Date): Promise<Reputation> {
  const { short, long } = await reputationCounts(db, sellerId, {
    shortSince: new Date(now.getTime() - REPUTATION_SHORT_DAYS * DAY_MS),
    longSince: new Date(now.getTime() - REPUTATION_LONG_DAYS * DAY_MS),
    now,
    lateAfterMs: LATE_SHIPPING_DAYS * DAY_MS,
  });
  const periodDays = reputationPeriod(short.sales);
  const counts = periodDays === REPUTATION_SHORT_DAYS ? short : long;
  return reputationOf({ periodDays, ...counts });
}

/**
 * Readings per seller, kept while the `catalog` counter stands still (claims, refunds, payment
 * confirmations and shipments move it) and for at most a minute: served from memory while the
 * event bus vouches, like the product pages that show them.
 */
const reputationCache = perApp((ctx: AppContext) =>
  createReadCache<Reputation>({
    db: ctx.db,
    clock: ctx.clock,
    counter: 'catalog',
    freshness: readFreshness(ctx),
    maxEntries: 2_000,
  }),
);

/** A seller's reputation, from memory when it holds. */
export function sellerReputation(ctx: AppContext, sellerId: number): Promise<Reputation> {
  return reputationCache(ctx).get(String(sellerId), async () => {
    const now = ctx.clock.now();
    return {
      value: await computeReputation(ctx.db, sellerId, now),
      validUntil: new Date(now.getTime() + REPUTATION_CACHE_MAX_MS),
    };
  });
}
