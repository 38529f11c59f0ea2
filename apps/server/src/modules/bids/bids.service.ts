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
  type RaceState,
  validateBid,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { createGroupQueue } from '../../platform/group-queue.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { bidsRepository as repo, toBidDto } from './bids.repository.ts';
import {
  type AuctionRules,
  type DecidedBid,
  decideGroup,
  judge,
  type PendingBid,
  type Refusal,
} from './decide-bids.ts';

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

type RaceRow = NonNullable<Awaited<ReturnType<typeof repo.findRace>>>;

/** One request waiting for its product's decision, with what was read for it without the lock. */
interface Waiting {
  auctionId: number;
  productId: number;
  request: PendingBid;
  bidder: { username: string; avatar: string | null } | null;
  /** The amount as sent (pesos), for the refusal's message. */
  amountPesos: number;
}

type Decided = { bid: Bid | null; race: RaceState };

/** The message of a refusal, with the race as it stood when the request was judged. */
function refusalError(
  refusal: Refusal,
  amountPesos: number,
  highest: number | null,
  auction: Pick<RaceRow, 'min_offer' | 'max_offer'>,
): AppError {
  switch (refusal) {
    case 'OWN_PRODUCT':
      return forbidden('OWN_PRODUCT', bidMessages.ownProduct);
    case 'AUCTION_ENDED':
      return conflict('AUCTION_ENDED', bidMessages.auctionEnded);
    case 'AUCTION_NOT_ACTIVE':
      return conflict('AUCTION_NOT_ACTIVE', bidMessages.auctionNotActive);
    case 'NOT_LEADING':
      return conflict('NOT_LEADING', bidMessages.maxNotLeader);
    case 'MAX_TOO_LOW':
      return badRequest('BID_MAX_TOO_LOW', bidMessages.maxTooLow(toPesos(highest ?? 0)));
    case 'BID_REJECTED': {
      const message = validateBid({
        amount: amountPesos,
        highest: highest === null ? 0 : toPesos(highest),
        min_offer: toPesos(auction.min_offer),
        max_offer: toPesos(auction.max_offer),
      });
      return message ? badRequest('BID_REJECTED', message) : conflict('BID_REJECTED', bidMessages.placeError);
    }
  }
}

const rulesOf = (a: {
  owner_id: number;
  status: string;
  start_time: Date | null;
  min_offer: number;
  max_offer: number;
}): AuctionRules => ({
  ownerId: a.owner_id,
  status: a.status,
  startTime: a.start_time,
  minOffer: a.min_offer,
  maxOffer: a.max_offer,
});

export function createBidsService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;

  /** The outbid notice for users whose lead was taken (by a person or by a ceiling). */
  function outbidNotices(
    trx: Database,
    outbid: number[],
    amount: number,
    input: { productId: number; auctionTitle: string; productName: string | undefined },
    now: Date,
  ) {
    return createNotifications(
      trx,
      outbid.map((userId) => ({
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
   * Decides one product's waiting requests in one transaction: lock the race row (with the
   * auction's rules as committed), read the ceilings, judge every request in arrival order
   * (`decideGroup`), then one INSERT for every bid placed, one UPDATE of the race, the ceilings,
   * the soft close and the outbid notices, and one commit. Names, live messages and
   * notifications are published after the commit, outside the lock.
   */
  async function decide(waiting: Waiting[]): Promise<Array<Decided | Error>> {
    const { auctionId, productId } = waiting[0]!;
    const outcome = await db.transaction().execute(async (trx) => {
      const race = await repo.lockRace(trx, auctionId, productId);
      // Read the clock after the lock: decisions on one product get non-decreasing times.
      const now = clock.now();
      if (!race) return null;
      const ceilings = await repo.ceilings(trx, auctionId, productId);
      const decision = decideGroup({
        rules: rulesOf(race),
        race: {
          highest: race.highest_bid,
          leaderId: race.highest_bidder_id,
          bidCount: race.bid_count,
          endTime: race.end_time,
        },
        ceilings,
        pending: waiting.map((w) => w.request),
        now,
        softCloseMs: config.SOFT_CLOSE_SECONDS * 1000,
      });
      const where = { auctionId, productId };
      const rows =
        decision.bids.length > 0 ? await repo.insertBids(trx, { ...where, now }, decision.bids) : [];
      if (decision.bids.length > 0) await repo.saveRace(trx, { ...where, ...decision.race });
      for (const ceiling of decision.ceilingWrites)
        await repo.upsertCeiling(trx, { ...where, ...ceiling, now });
      if (decision.race.extended) await repo.extendEnd(trx, { ...where, end: decision.race.endTime! });
      const notified =
        decision.outbid.length > 0
          ? await outbidNotices(
              trx,
              decision.outbid,
              decision.race.highest!,
              { productId, auctionTitle: race.title, productName: race.product_name },
              now,
            )
          : [];
      return { decision, rows, notified, race };
    });
    if (!outcome) {
      return waiting.map(() => notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction));
    }

    const { decision, rows, notified } = outcome;
    const bidCountBefore = outcome.race.bid_count;
    const bids = await withNames(decision.bids, rows, waiting);
    const endTime = decision.race.endTime ? decision.race.endTime.toISOString() : null;
    const race: RaceState = {
      auction_id: auctionId,
      product_id: productId,
      highest_bid: toPesos(decision.race.highest ?? 0),
      bid_count: decision.race.bidCount,
      end_time: endTime,
    };
    for (const [i, bid] of bids.entries()) {
      const message: NewBidMessage = {
        message: 'new_bid',
        bid,
        auction_id: auctionId,
        product_id: productId,
        highest_bid: bid.amount,
        bid_count: bidCountBefore + i + 1,
        end_time: endTime,
      };
      await events.publish(channels.productBids(auctionId, productId), message);
    }
    if (notified.length > 0) await publishNotifications(events, notified);

    return decision.outcomes.map((result, i) => {
      const w = waiting[i]!;
      if (!result.accepted) return refusalError(result.refusal, w.amountPesos, result.highest, outcome.race);
      const own = decision.bids.findIndex((b) => b.pending === i);
      return { bid: own >= 0 ? bids[own]! : null, race };
    });
  }

  /** Bid DTOs with their bidders' names: the people's were read with their request. */
  async function withNames(
    decided: DecidedBid[],
    rows: Array<{ id: number; amount: number; created_at: Date; auto: boolean }>,
    waiting: Waiting[],
  ): Promise<Bid[]> {
    const names = new Map<number, { username: string; avatar: string | null }>();
    for (const w of waiting) if (w.bidder) names.set(w.request.userId, w.bidder);
    const missing = [...new Set(decided.map((b) => b.userId).filter((id) => !names.has(id)))];
    if (missing.length > 0) {
      for (const user of await repo.findBidders(db, missing)) names.set(user.id, user);
    }
    return decided.map((b, i) => {
      const { username, avatar } = names.get(b.userId)!;
      return toBidDto({ ...rows[i]!, username, avatar });
    });
  }

  // One queue per product: its requests are decided together.
  const decisions = createGroupQueue(decide);
  const submit = (waiting: Waiting) => decisions.submit(`${waiting.auctionId}:${waiting.productId}`, waiting);

  /**
   * Refuses without the lock what the committed race already refuses for good (the highest only
   * grows, an end passed or an owner do not change): one read of the race with its auction's rules.
   */
  async function refuseEarly(
    request: PendingBid,
    amountPesos: number,
    auctionId: number,
    committed: RaceRow | undefined,
    now: Date,
  ): Promise<AppError | null> {
    if (!committed) {
      const auction = await repo.findAuction(db, auctionId);
      return auction
        ? notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction)
        : notFound('AUCTION_NOT_FOUND', bidMessages.auctionNotFound);
    }
    const race = {
      highest: committed.highest_bid,
      leaderId: committed.highest_bidder_id,
      endTime: committed.end_time,
    };
    const refusal = judge(rulesOf(committed), race, request, now);
    // Only refusals that later decisions cannot undo: a lower bid, an ended or owned product.
    const final =
      refusal === 'OWN_PRODUCT' ||
      refusal === 'AUCTION_ENDED' ||
      (refusal === 'BID_REJECTED' &&
        request.kind === 'bid' &&
        committed.highest_bid !== null &&
        request.amount <= committed.highest_bid);
    return final ? refusalError(refusal, amountPesos, committed.highest_bid, committed) : null;
  }

  return {
    /** Newest first, at most BID_HISTORY_LIMIT. */
    listForProduct(auctionId: number, productId: number, limit = BID_HISTORY_LIMIT): Promise<Bid[]> {
      return bidHistory(db, auctionId, productId, limit);
    },

    /**
     * Places a bid. What does not need the race lock (the bidder; the committed race with its
     * auction's rules) is read first, and a bid a committed race already refuses is refused
     * there. Then it waits for its product's next decision (`decide`): bids that arrive together
     * share one lock and one commit, each judged in arrival order against the one before it.
     * Ties go to whoever arrived first; across processes, the race row's lock decides.
     */
    async place(userId: number, input: PlaceBidInput): Promise<PlaceBidResponse> {
      if (!isValidBidAmount(input.amount)) throw badRequest('BID_INVALID_AMOUNT', bidMessages.invalidAmount);
      const maxAmount = input.max_amount ?? null;
      if (maxAmount !== null) {
        if (!isValidBidAmount(maxAmount)) throw badRequest('BID_INVALID_MAX', bidMessages.invalidMax);
        if (maxAmount < input.amount) throw badRequest('BID_MAX_BELOW_AMOUNT', bidMessages.maxBelowAmount);
      }
      const request: PendingBid = {
        kind: 'bid',
        userId,
        amount: toCentavos(input.amount),
        max: maxAmount === null ? null : toCentavos(maxAmount),
      };
      const [bidder, committed] = await Promise.all([
        repo.findBidder(db, userId),
        repo.findRace(db, input.auction_id, input.product_id),
      ]);
      const early = await refuseEarly(request, input.amount, input.auction_id, committed, clock.now());
      if (early) throw early;
      const { bid, race } = await submit({
        auctionId: input.auction_id,
        productId: input.product_id,
        request,
        bidder,
        amountPesos: input.amount,
      });
      return { ...bid!, ...race, message: bidMessages.placed };
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
     * product still runs. Decided with the product's bids, in the same queue.
     */
    async raiseCeiling(
      userId: number,
      auctionId: number,
      productId: number,
      maxPesos: number,
    ): Promise<MaxBidResponse> {
      if (!isValidBidAmount(maxPesos)) throw badRequest('BID_INVALID_MAX', bidMessages.invalidMax);
      const request: PendingBid = { kind: 'ceiling', userId, max: toCentavos(maxPesos) };
      const committed = await repo.findRace(db, auctionId, productId);
      const early = await refuseEarly(request, maxPesos, auctionId, committed, clock.now());
      if (early) throw early;
      await submit({ auctionId, productId, request, bidder: null, amountPesos: maxPesos });
      return { max_amount: maxPesos };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
