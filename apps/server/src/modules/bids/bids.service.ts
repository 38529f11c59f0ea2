import {
  BID_HISTORY_LIMIT,
  type Bid,
  bidMessages,
  formatNumber,
  isValidBidAmount,
  type MaxBidResponse,
  type NewBidMessage,
  type PlaceBidInput,
  type PlaceBidResponse,
  validateBid,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { bidsRepository as repo, toBidDto } from './bids.repository.ts';
import { decideAutoBids } from './proxy.ts';

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

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export function createBidsService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;

  /** Why a bid the database refused was refused, from a fresh read (after the transaction). */
  async function explainRejection(
    input: { auctionId: number; productId: number; userId: number; amountPesos: number },
    race: { highest_bid: number | null; end_time: Date | null } | undefined,
    now: Date,
  ): Promise<AppError> {
    const auction = await repo.findAuction(db, input.auctionId);
    if (!auction) return notFound('AUCTION_NOT_FOUND', bidMessages.auctionNotFound);
    if (!race) return notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction);
    if (auction.owner_id === input.userId) return forbidden('OWN_PRODUCT', bidMessages.ownProduct);
    // The product's own end (soft close may have moved it past the auction's original end).
    const end = race?.end_time ?? auction.end_time;
    const over = end !== null && end.getTime() <= now.getTime();
    if (auction.status === 'ended' || (auction.status === 'active' && over)) {
      return conflict('AUCTION_ENDED', bidMessages.auctionEnded);
    }
    if (auction.status !== 'active' || (auction.start_time && auction.start_time.getTime() > now.getTime())) {
      return conflict('AUCTION_NOT_ACTIVE', bidMessages.auctionNotActive);
    }
    const message = validateBid({
      amount: input.amountPesos,
      highest: race.highest_bid === null ? 0 : toPesos(race.highest_bid),
      min_offer: toPesos(auction.min_offer),
      max_offer: toPesos(auction.max_offer),
    });
    return message ? badRequest('BID_REJECTED', message) : conflict('BID_REJECTED', bidMessages.placeError);
  }

  /** The outbid notice for a user whose lead was taken (by a person or by a ceiling). */
  async function outbidNotices(
    trx: Database,
    outbid: Map<number, number>,
    input: { productId: number; auctionTitle: string; productName: string | undefined },
    now: Date,
  ) {
    if (outbid.size === 0) return [];
    return createNotifications(
      trx,
      [...outbid].map(([userId, amount]) => ({
        userId,
        type: 'outbid',
        title: 'Te han superado en una puja',
        message: `Alguien ofreció $${formatNumber(toPesos(amount))} por "${input.productName ?? 'un producto'}" en la subasta "${input.auctionTitle}". ¡Puja de nuevo!`,
        link: `/auctions/product/${input.productId}`,
      })),
      now,
    );
  }

  /**
   * After an accepted bid (or a raised ceiling), inside the same transaction and under the race
   * lock: places the automatic bids the ceilings call for, applies the soft close, and works out
   * who was left outbid. Returns every bid placed by the decision, in order.
   */
  async function settle(
    trx: Database,
    input: {
      auctionId: number;
      productId: number;
      now: Date;
      auctionTitle: string;
      productName: string | undefined;
    },
    state: { highest: number; leaderId: number | null; bidCount: number; endTime: Date | null },
    placed: Array<{ bid: Bid; previousLeader: number | null; userId: number }>,
    minOffer: number,
  ) {
    const { auctionId, productId, now } = input;
    const ceilings = await repo.ceilings(trx, auctionId, productId);
    const autos = decideAutoBids({ highest: state.highest, leaderId: state.leaderId, minOffer, ceilings });
    let { highest, leaderId, bidCount } = state;
    for (const auto of autos) {
      const changed = await repo.raiseHighestAuto(trx, { auctionId, productId, ...auto });
      if (changed === 0) throw new Error('automatic bid refused under the race lock');
      const row = await repo.insertBid(trx, { auctionId, productId, ...auto, now, auto: true });
      const bidder = await repo.findBidder(trx, auto.userId);
      placed.push({
        bid: toBidDto({ ...row, username: bidder.username, avatar: bidder.avatar }),
        previousLeader: leaderId,
        userId: auto.userId,
      });
      highest = auto.amount;
      leaderId = auto.userId;
      bidCount += 1;
    }

    // Soft close: an accepted bid with less than the window left moves this product's end.
    let endTime = state.endTime;
    const window = config.SOFT_CLOSE_SECONDS * 1000;
    let extended = false;
    if (placed.length > 0 && window > 0 && endTime && endTime.getTime() - now.getTime() < window) {
      endTime = new Date(now.getTime() + window);
      await repo.extendEnd(trx, { auctionId, productId, end: endTime });
      extended = true;
    }

    // Everyone whose lead was taken, except whoever leads at the end of the decision.
    const outbid = new Map<number, number>();
    for (const p of placed) {
      if (p.previousLeader !== null && p.previousLeader !== p.userId) outbid.set(p.previousLeader, 0);
    }
    outbid.delete(leaderId ?? -1);
    for (const userId of outbid.keys()) outbid.set(userId, highest);
    const notified = await outbidNotices(trx, outbid, input, now);
    return { highest, leaderId, bidCount, endTime, extended, notified };
  }

  /** Live messages for every bid of one decision, in order, with the product's state after each. */
  async function broadcast(
    input: { auctionId: number; productId: number },
    placed: Array<{ bid: Bid }>,
    bidCountBefore: number,
    endTime: Date | null,
  ) {
    let count = bidCountBefore;
    for (const { bid } of placed) {
      count += 1;
      const message: NewBidMessage = {
        message: 'new_bid',
        bid,
        auction_id: input.auctionId,
        product_id: input.productId,
        highest_bid: bid.amount,
        bid_count: count,
        end_time: endTime ? endTime.toISOString() : null,
      };
      await events.publish(channels.productBids(input.auctionId, input.productId), message);
    }
  }

  return {
    /** Newest first, at most BID_HISTORY_LIMIT. */
    listForProduct(auctionId: number, productId: number, limit = BID_HISTORY_LIMIT): Promise<Bid[]> {
      return bidHistory(db, auctionId, productId, limit);
    },

    /**
     * Places a bid. One transaction: lock the product's race row, let a conditional UPDATE
     * decide (rows changed = accepted), insert the bid (its unique amount is a second guard),
     * save the bidder's ceiling, place the automatic bids the ceilings call for, apply the soft
     * close and create the outbid notifications. Ties go to whoever took the lock first. Live
     * events and notifications go out after the commit.
     */
    async place(userId: number, input: PlaceBidInput): Promise<PlaceBidResponse> {
      if (!isValidBidAmount(input.amount)) throw badRequest('BID_INVALID_AMOUNT', bidMessages.invalidAmount);
      const maxAmount = input.max_amount ?? null;
      if (maxAmount !== null) {
        if (!isValidBidAmount(maxAmount)) throw badRequest('BID_INVALID_MAX', bidMessages.invalidMax);
        if (maxAmount < input.amount) throw badRequest('BID_MAX_BELOW_AMOUNT', bidMessages.maxBelowAmount);
      }
      const amount = toCentavos(input.amount);
      const key = { auctionId: input.auction_id, productId: input.product_id, userId };

      // Everything that does not need the race lock is read before taking it: the bidder, the
      // auction's rules and names, and the last committed race. The highest bid only grows, so a
      // bid not above a committed highest is refused without queueing for the lock.
      const [bidder, auction, product, committed] = await Promise.all([
        repo.findBidder(db, userId),
        repo.findAuction(db, input.auction_id),
        repo.findProductName(db, input.product_id),
        repo.findRace(db, input.auction_id, input.product_id),
      ]);
      if (!auction || !committed || (committed.highest_bid !== null && amount <= committed.highest_bid)) {
        throw await explainRejection({ ...key, amountPesos: input.amount }, committed, clock.now());
      }

      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const race = await repo.lockRace(trx, input.auction_id, input.product_id);
          // Read the clock after the lock: bids on one product get increasing times.
          const now = clock.now();
          if (!race) return { accepted: false as const, race, now };
          const changed = await repo.raiseHighest(trx, { ...key, amount, now });
          if (changed === 0) return { accepted: false as const, race, now };
          const row = await repo.insertBid(trx, { ...key, amount, now });
          if (maxAmount !== null) await repo.upsertCeiling(trx, { ...key, max: toCentavos(maxAmount), now });
          const placed = [
            {
              bid: toBidDto({ ...row, username: bidder.username, avatar: bidder.avatar }),
              previousLeader: race.highest_bidder_id,
              userId,
            },
          ];
          const settled = await settle(
            trx,
            {
              auctionId: input.auction_id,
              productId: input.product_id,
              now,
              auctionTitle: auction.title,
              productName: product?.name,
            },
            { highest: amount, leaderId: userId, bidCount: race.bid_count + 1, endTime: race.end_time },
            placed,
            auction.min_offer,
          );
          return { accepted: true as const, placed, bidCountBefore: race.bid_count, ...settled };
        })
        .catch((error: unknown) => {
          // Only reachable if the guard above were bypassed: the same amount twice is "too low".
          if (isUniqueViolation(error))
            return { accepted: false as const, race: undefined, now: clock.now() };
          throw error;
        });

      if (!outcome.accepted) {
        const race = outcome.race ?? (await repo.findRace(db, input.auction_id, input.product_id));
        throw await explainRejection({ ...key, amountPesos: input.amount }, race, outcome.now);
      }

      const { placed, notified, endTime, highest, bidCount } = outcome;
      await broadcast(
        { auctionId: input.auction_id, productId: input.product_id },
        placed,
        outcome.bidCountBefore,
        endTime,
      );
      if (notified.length > 0) await publishNotifications(events, notified);
      const own = placed[0]!.bid;
      return {
        ...own,
        auction_id: input.auction_id,
        product_id: input.product_id,
        highest_bid: toPesos(highest),
        bid_count: bidCount,
        end_time: endTime ? endTime.toISOString() : null,
        message: bidMessages.placed,
      };
    },

    /** The caller's own ceiling on a product, or null. Nobody else's is ever readable. */
    async ceilingOf(userId: number, auctionId: number, productId: number): Promise<MaxBidResponse> {
      const race = await repo.findRace(db, auctionId, productId);
      if (!race) throw notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction);
      const row = await repo.findCeiling(db, auctionId, productId, userId);
      return { max_amount: row ? toPesos(Number(row.max_amount)) : null };
    },

    /**
     * The leader raises their ceiling without bidding: above their current bid, while the
     * product still runs. Decided under the race lock like a bid.
     */
    async raiseCeiling(
      userId: number,
      auctionId: number,
      productId: number,
      maxPesos: number,
    ): Promise<MaxBidResponse> {
      if (!isValidBidAmount(maxPesos)) throw badRequest('BID_INVALID_MAX', bidMessages.invalidMax);
      const max = toCentavos(maxPesos);
      const outcome = await db.transaction().execute(async (trx) => {
        const [auction, product] = await Promise.all([
          repo.findAuction(trx, auctionId),
          repo.findProductName(trx, productId),
        ]);
        if (!auction) throw notFound('AUCTION_NOT_FOUND', bidMessages.auctionNotFound);
        const race = await repo.lockRace(trx, auctionId, productId);
        if (!race) throw notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction);
        if (auction.owner_id === userId) throw forbidden('OWN_PRODUCT', bidMessages.ownProduct);
        const now = clock.now();
        const over = race.end_time !== null && race.end_time.getTime() <= now.getTime();
        if (auction.status === 'ended' || (auction.status === 'active' && over))
          throw conflict('AUCTION_ENDED', bidMessages.auctionEnded);
        if (auction.status !== 'active') throw conflict('AUCTION_NOT_ACTIVE', bidMessages.auctionNotActive);
        if (race.highest_bidder_id !== userId) throw conflict('NOT_LEADING', bidMessages.maxNotLeader);
        const current = race.highest_bid ?? 0;
        if (max <= current) throw badRequest('BID_MAX_TOO_LOW', bidMessages.maxTooLow(toPesos(current)));
        await repo.upsertCeiling(trx, { auctionId, productId, userId, max, now });
        const placed: Array<{ bid: Bid; previousLeader: number | null; userId: number }> = [];
        const settled = await settle(
          trx,
          { auctionId, productId, now, auctionTitle: auction.title, productName: product?.name },
          { highest: current, leaderId: userId, bidCount: race.bid_count, endTime: race.end_time },
          placed,
          auction.min_offer,
        );
        return { placed, bidCountBefore: race.bid_count, ...settled };
      });
      await broadcast({ auctionId, productId }, outcome.placed, outcome.bidCountBefore, outcome.endTime);
      if (outcome.notified.length > 0) await publishNotifications(events, outcome.notified);
      return { max_amount: maxPesos };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
