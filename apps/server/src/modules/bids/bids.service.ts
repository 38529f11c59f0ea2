import {
  BID_HISTORY_LIMIT,
  type Bid,
  bidAmountProblem,
  bidMessages,
  type MaxBidResponse,
  type PlaceBidInput,
  type PlaceBidResponse,
} from '@app/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { createKeyedFreshRead } from '../../platform/fresh-read.ts';
import { createGroupQueue } from '../../platform/group-queue.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import type { Waiting } from './answer-decision.ts';
import { bidsRepository as repo, toBidDto } from './bids.repository.ts';
import { ceilingsRepository } from './ceilings.repository.ts';
import type { PendingBid } from './decide-bids.ts';
import { createDecisionPaths } from './decision-paths.ts';
import { createRaceMemory, raceKey } from './race-memory.ts';
import { missingRace, refuseEarly } from './refusals.ts';

/*
 * The bid path in steps, one concern a file: `race-memory.ts` (what a process remembers of each
 * race: lanes and committed races), `refusals.ts` (early refusal and refusal messages),
 * `decide-bids.ts` (the judgement), `decision-paths.ts` (deciding a group from memory or under
 * the lock), `outbid-notices.ts` and `answer-decision.ts` (what a committed decision sends).
 */

/** A product's bids, newest first, at most `limit` (the history of the product auction page). */
export async function bidHistory(
  db: Database,
  auctionId: number,
  productId: number,
  limit = BID_HISTORY_LIMIT,
): Promise<Bid[]> {
  const rows = await repo.listForProduct(db, auctionId, productId, limit);
  return rows.map(toBidDto);
}

/**
 * How many races `userId` won, as a subquery for another module's select (a public profile's
 * auctions won, the account totals). Read from the user's bids (a race's leader holds one of its
 * bids): the leader is not indexed, so that bids stay HOT updates of their race's row.
 */
export function racesWonBy(userId: number): RawBuilder<number> {
  return sql<number>`(select count(*) from auction_products ap
    join (select distinct auction_id, product_id from bids where user_id = ${userId}) b
      on b.auction_id = ap.auction_id and b.product_id = ap.product_id
    where ap.highest_bidder_id = ${userId} and ap.outcome = 'won')::int`;
}

/**
 * A product leaves its auction for good (an operator took it down): its race is locked, as a
 * bid's decision locks it, so a bid either committed before (and is voided here) or finds no race
 * after (404). Its bids, ceilings and race row go; answers the auction and the users who had bid,
 * or null when the product was in no auction.
 */
export async function voidRace(
  trx: Database,
  auctionId: number,
  productId: number,
): Promise<{ auctionId: number; bidderIds: number[] } | null> {
  const bidders = await repo.removeRace(trx, auctionId, productId);
  return bidders && { auctionId, bidderIds: [...new Set(bidders)] };
}

/**
 * The user may bid no more (suspended): their ceilings go, so no automatic bid is placed for them
 * again. Each race that held one gets a new stamp, so a process deciding from what it remembers
 * (ceilings included) finds the race moved and reads it afresh under the lock.
 */
export function dropCeilings(trx: Database, userId: number): Promise<void> {
  return ceilingsRepository.dropCeilings(trx, userId);
}

export function createBidsService(ctx: AppContext) {
  const { db, clock, events } = ctx;
  const memory = createRaceMemory();
  // A race whose bids were voided (a confirmed shill pair) may now stand lower than remembered:
  // what the early refusal trusts about it is read again.
  void events.subscribe(channels.racesRewritten, (payload) => {
    const races = (payload as { races?: Array<{ auction_id: number; product_id: number }> } | null)?.races;
    for (const r of races ?? []) memory.forget(raceKey(r.auction_id, r.product_id));
  });
  const { decide } = createDecisionPaths(ctx, memory);

  // One queue per product: its requests are decided together.
  const decisions = createGroupQueue(decide);
  const submit = (waiting: Waiting) =>
    decisions.submit(raceKey(waiting.auctionId, waiting.productId), waiting);
  /**
   * The early refusals (from what the process remembers of the race, else one read). The
   * bidder's standing with the seller (unpaid strikes, the seller's block list) is not read here,
   * one query per bid: the decision checks it for the whole group, in its write when decided
   * from memory and after the race lock otherwise, so a block or strike that committed before
   * the decision is always seen.
   */
  const refuse = (request: PendingBid, amountPesos: number, auctionId: number, productId: number) =>
    refuseEarly({ db, clock, memory }, request, amountPesos, auctionId, productId);

  // Greetings of live channels: thousands of sockets on one product asking at once (all of them
  // after the bus reconnects) share one query per round trip instead of one each.
  const sharedBidCount = createKeyedFreshRead<number>();

  return {
    /** Newest first, at most BID_HISTORY_LIMIT. */
    async listForProduct(auctionId: number, productId: number, limit = BID_HISTORY_LIMIT): Promise<Bid[]> {
      const bids = await bidHistory(db, auctionId, productId, limit);
      // No bids yet, or no such race at all (an unknown auction, a product outside it): a 404.
      if (bids.length === 0 && !(await repo.findRace(db, auctionId, productId)))
        throw await missingRace(db, auctionId);
      return bids;
    },

    /**
     * Places a bid. What does not need the race lock (the bidder; the committed race with its
     * auction's rules) is read first, and a bid a committed race already refuses is refused
     * there. Then it waits for its product's next decision (`decide`): bids that arrive together
     * share one lock and one commit, each judged in arrival order against the one before it.
     * Ties go to whoever arrived first; across processes, the race row's lock decides.
     */
    async place(userId: number, input: PlaceBidInput): Promise<PlaceBidResponse> {
      const amountProblem = bidAmountProblem(input.amount);
      if (amountProblem) throw badRequest('BID_INVALID_AMOUNT', amountProblem);
      const maxAmount = input.max_amount ?? null;
      if (maxAmount !== null) {
        const maxProblem = bidAmountProblem(maxAmount, bidMessages.invalidMax);
        if (maxProblem) throw badRequest('BID_INVALID_MAX', maxProblem);
        if (maxAmount < input.amount) throw badRequest('BID_MAX_BELOW_AMOUNT', bidMessages.maxBelowAmount);
      }
      const request: PendingBid = {
        kind: 'bid',
        userId,
        amount: toCentavos(input.amount),
        max: maxAmount === null ? null : toCentavos(maxAmount),
      };
      const early = await refuse(request, input.amount, input.auction_id, input.product_id);
      if (early) throw early;
      const { bid, race } = await submit({
        auctionId: input.auction_id,
        productId: input.product_id,
        request,
        amountPesos: input.amount,
      });
      return { ...bid!, ...race, message: bidMessages.placed };
    },

    /** A product's bid count as committed now (0 for a product outside the auction). */
    bidCount(auctionId: number, productId: number): Promise<number> {
      return sharedBidCount(
        `${auctionId}:${productId}`,
        async () => (await repo.findRace(db, auctionId, productId))?.bid_count ?? 0,
      );
    },

    /** The caller's own ceiling on a product, or null. Nobody else's is ever readable. */
    async ceilingOf(userId: number, auctionId: number, productId: number): Promise<MaxBidResponse> {
      const race = await repo.findRace(db, auctionId, productId);
      if (!race) throw await missingRace(db, auctionId);
      const row = await ceilingsRepository.findCeiling(db, auctionId, productId, userId);
      return { max_amount: row ? toPesos(Number(row.max_amount)) : null };
    },

    /**
     * The leader raises their ceiling without bidding: above their current bid, while the
     * product still runs. Decided with the product's bids, in the same queue.
     */
    async raiseCeiling(
      userId: number,
      auctionId: number,
      productId: number,
      maxPesos: number,
    ): Promise<MaxBidResponse> {
      const maxProblem = bidAmountProblem(maxPesos, bidMessages.invalidMax);
      if (maxProblem) throw badRequest('BID_INVALID_MAX', maxProblem);
      const request: PendingBid = { kind: 'ceiling', userId, max: toCentavos(maxPesos) };
      const early = await refuse(request, maxPesos, auctionId, productId);
      if (early) throw early;
      await submit({ auctionId, productId, request, amountPesos: maxPesos });
      return { max_amount: maxPesos };
    },
  };
}
