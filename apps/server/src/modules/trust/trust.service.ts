import {
  type BlockedBuyersResponse,
  commonMessages,
  trustMessages as messages,
  pageMeta,
  STRIKE_WINDOW_DAYS,
  STRIKES_TO_BLOCK,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { restampRunningRaces } from '../bids/race-corrections.service.ts';
import { recordOperatorAction } from '../operator/audit-log.service.ts';
import { trustRepository as repo } from './trust.repository.ts';

/** Strikes count this long; older ones age out. */
export const STRIKE_WINDOW_MS = STRIKE_WINDOW_DAYS * 24 * 3600_000;
export { STRIKES_TO_BLOCK };

const strikeWindowStart = (now: Date) => new Date(now.getTime() - STRIKE_WINDOW_MS);

/** The strike rule as data, for a statement that checks a buyer's standing itself (the bid write). */
export const standingRule = (now: Date) => ({
  strikesSince: strikeWindowStart(now),
  strikesToBlock: STRIKES_TO_BLOCK,
});

/**
 * Refuses (403) a buyer who may not buy from or bid on `sellerId`'s products: one with 3 unpaid
 * strikes in the last 365 days (`BUYER_STRUCK_OUT`), or one the seller blocked (`BUYER_BLOCKED`).
 * Every path that lets a buyer commit to a seller's product (buy-now, an offer) calls it;
 * inside the path's own transaction where it has one, so a block or strike committed before the
 * check is always seen. Bids check the same rule per group of bids (`buyerRefusals` under the
 * race lock, `standingRule` in the write from memory). Bids already placed are never voided by
 * either.
 */
export async function assertMayBuy(db: Database, userId: number, sellerId: number, now: Date): Promise<void> {
  const refusal = (await buyerRefusals(db, [userId], sellerId, now)).get(userId);
  if (refusal) throw refusal;
}

/**
 * `assertMayBuy` for a product's group of bidders, read together: the refusal of each one who may
 * not bid (absent: may). The bid path reads it again under the race's lock, so a block or strike
 * that committed while a bid waited for its race refuses it instead of letting it in after.
 */
export async function buyerRefusals(
  db: Database,
  userIds: number[],
  sellerId: number,
  now: Date,
): Promise<Map<number, Error>> {
  const refused = new Map<number, Error>();
  const rows = await repo.standingOfMany(db, [...new Set(userIds)], sellerId, strikeWindowStart(now));
  for (const row of rows) {
    if (row.strikes >= STRIKES_TO_BLOCK)
      refused.set(row.userId, forbidden('BUYER_STRUCK_OUT', messages.struckOut));
    else if (row.blocked) refused.set(row.userId, forbidden('BUYER_BLOCKED', messages.buyerBlocked));
  }
  return refused;
}

/** Whether `sellerId` blocked `userId` (questions answer their own message). */
export async function isBuyerBlocked(db: Database, sellerId: number, userId: number): Promise<boolean> {
  return repo.isBlocked(db, sellerId, userId);
}

/** A user's strikes that still count. */
export function unpaidStrikesOf(db: Database, userId: number, now: Date): Promise<number> {
  return repo.strikeCount(db, userId, strikeWindowStart(now));
}

/** Counts of strikes that still count, per user (absent: none). */
export function unpaidStrikesOfUsers(
  db: Database,
  userIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  return repo.strikeCounts(db, userIds, strikeWindowStart(now));
}

/**
 * A won item expired unpaid: its winner gets a strike (once per item, inside the expiry's
 * transaction). Answers the winner's strikes that now count, for the expiry notice.
 */
export async function recordUnpaidStrike(
  trx: Database,
  strike: { userId: number; paymentId: string; productId: number; now: Date },
): Promise<number> {
  await repo.insertStrike(trx, strike);
  return repo.strikeCount(trx, strike.userId, strikeWindowStart(strike.now));
}

/**
 * An operator clears an account's strikes, audited in the same transaction (the entry exists
 * exactly when the strikes were cleared; clearing none is still recorded, as asked).
 */
export async function clearUnpaidStrikes(ctx: AppContext, operatorId: number, userId: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, userId);
    if (!user) throw notFound('USER_NOT_FOUND', messages.userNotFound);
    const cleared = await repo.clearStrikes(trx, userId, operatorId, now);
    await recordOperatorAction(trx, {
      actorId: operatorId,
      action: 'clear_strikes',
      targetType: 'user',
      targetId: userId,
      targetLabel: user.username,
      note: String(cleared),
      at: now,
    });
    return { message: messages.strikesCleared(user.username), cleared, unpaid_strikes: 0 };
  });
}

/** Strikes and blocks in a user's data export: their own strikes and the buyers they blocked. */
export async function trustDataOfUser(db: Database, userId: number) {
  const [strikes, blocks] = await Promise.all([
    repo.strikesOfUser(db, userId),
    repo.blocksOfUser(db, userId),
  ]);
  return {
    unpaid_strikes: strikes.map((s) => ({
      product_id: s.product_id,
      product_name: s.product_name,
      created_at: new Date(s.created_at).toISOString(),
      cleared_at: s.cleared_at ? new Date(s.cleared_at).toISOString() : null,
    })),
    blocked_buyers: blocks.map((b) => ({
      username: b.blocked_username,
      blocked_at: new Date(b.created_at).toISOString(),
    })),
  };
}

/** A seller's list of blocked buyers. */
export function createSellerBlocksService(ctx: AppContext) {
  const { db, clock, events } = ctx;

  return {
    /** Adds a buyer to the seller's list; answers the buyer's username as spelled by them. */
    async block(sellerId: number, username: string): Promise<string> {
      const seller = await repo.findUser(db, sellerId);
      if (!seller?.is_seller) throw forbidden('SELLER_ONLY', commonMessages.sellerOnly);
      const target = await repo.findUserByUsername(db, username);
      if (!target) throw notFound('USER_NOT_FOUND', messages.userNotFound);
      if (target.id === sellerId) throw badRequest('BLOCK_SELF', messages.cannotBlockSelf);
      // The block and the seller's running races move together: a bid decided on one of them
      // either committed before the block (it stands) or is decided after it and refused.
      const races = await db.transaction().execute(async (trx) => {
        await repo.block(trx, sellerId, target.id, clock.now());
        return restampRunningRaces(trx, sellerId);
      });
      if (races.length > 0) await events.publish(channels.racesRewritten, { races });
      return target.username;
    },

    async unblock(sellerId: number, username: string): Promise<{ message: string }> {
      const target = await repo.findUserByUsername(db, username);
      if (!target || !(await repo.unblock(db, sellerId, target.id)))
        throw notFound('NOT_BLOCKED', messages.notBlocked);
      return { message: messages.unblockedDone(target.username) };
    },

    async list(sellerId: number, page: number, size: number): Promise<BlockedBuyersResponse> {
      const { total, rows } = await repo.listBlocked(db, sellerId, size, (page - 1) * size);
      return {
        items: rows.map((r) => ({
          username: r.username,
          avatar: r.avatar,
          blocked_at: new Date(r.created_at).toISOString(),
        })),
        meta: pageMeta(total, page, size),
      };
    },
  };
}
