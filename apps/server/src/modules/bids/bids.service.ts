import { randomInt } from 'node:crypto';
import {
  BID_HISTORY_LIMIT,
  type Bid,
  bidAmountProblem,
  bidMessages,
  formatNumber,
  type MaxBidResponse,
  type NewBidMessage,
  type PlaceBidInput,
  type PlaceBidResponse,
  type RaceState,
  validateBid,
} from '@app/contracts';
import { briefTransaction } from '../../platform/brief-transaction.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { createKeyedFreshRead } from '../../platform/fresh-read.ts';
import { createGroupQueue } from '../../platform/group-queue.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import {
  type NotificationInsert,
  notificationRows,
  publishNotifications,
  storedNotification,
} from '../notifications/notifications.service.ts';
import { type BidderName, DECISION_STATEMENT, bidsRepository as repo, toBidDto } from './bids.repository.ts';
import {
  type AuctionRules,
  decideGroup,
  type GroupDecision,
  judge,
  type PendingBid,
  type Refusal,
} from './decide-bids.ts';
import type { Ceiling } from './proxy.ts';

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

const raceKey = (auctionId: number, productId: number) => `${auctionId}:${productId}`;
/** Races remembered per process (one entry per recently bid product; the oldest go first). */
const COMMITTED_RACES_MAX = 10_000;

/** One request waiting for its product's decision, with what was read for it without the lock. */
interface Waiting {
  auctionId: number;
  productId: number;
  request: PendingBid;
  /** The amount as sent (pesos), for the refusal's message. */
  amountPesos: number;
}

type Decided = { bid: Bid | null; race: RaceState };

/** A race known well enough to decide bids on it: the race row (rules included) and its ceilings. */
interface KnownRace {
  race: RaceRow;
  ceilings: Ceiling[];
}

/**
 * One product's decisions in this process. `tip` is the race as the last decision made leaves
 * it (committed or on its way), or null when the next decision must read it under the lock;
 * `settled` resolves once the last decision has answered, so the next answers after it.
 */
interface Lane {
  tip: KnownRace | null;
  settled: Promise<void>;
  /** Decisions made and not yet answered. */
  pending: number;
  /** Settles when the last statement sent from memory has answered. */
  lastSent: Promise<void>;
}

/** A new race stamp: random, so no two writers ever write the same one (see the migration). */
const newStamp = () => randomInt(1, 2 ** 48);

/** The race row as a decision leaves it. */
function advance(race: RaceRow, decision: GroupDecision, stamp: number): RaceRow {
  return {
    ...race,
    highest_bid: decision.race.highest,
    highest_bidder_id: decision.race.leaderId,
    bid_count: decision.race.bidCount,
    end_time: decision.race.endTime,
    race_stamp: stamp,
  };
}

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
  const race = await trx
    .selectFrom('auction_products')
    .select('auction_id')
    .where('auction_id', '=', auctionId)
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
  if (!race) return null;
  const bidders = await trx
    .deleteFrom('bids')
    .where('auction_id', '=', auctionId)
    .where('product_id', '=', productId)
    .returning('user_id')
    .execute();
  await trx
    .deleteFrom('bid_ceilings')
    .where('auction_id', '=', auctionId)
    .where('product_id', '=', productId)
    .execute();
  await trx
    .deleteFrom('auction_products')
    .where('auction_id', '=', auctionId)
    .where('product_id', '=', productId)
    .execute();
  return { auctionId, bidderIds: [...new Set(bidders.map((b) => b.user_id))] };
}

/**
 * The user may bid no more (suspended): their ceilings go, so no automatic bid is placed for them
 * again. Each race that held one gets a new stamp, so a process deciding from what it remembers
 * (ceilings included) finds the race moved and reads it afresh under the lock.
 */
export async function dropCeilings(trx: Database, userId: number): Promise<void> {
  const dropped = await trx
    .deleteFrom('bid_ceilings')
    .where('user_id', '=', userId)
    .returning(['auction_id', 'product_id'])
    .execute();
  for (const { auction_id, product_id } of dropped) {
    await trx
      .updateTable('auction_products')
      .set({ race_stamp: newStamp() })
      .where('auction_id', '=', auction_id)
      .where('product_id', '=', product_id)
      .execute();
  }
}

export function createBidsService(ctx: AppContext) {
  const { db, pipeline, clock, events, config } = ctx;

  /** Why there is no race for a product: an unknown auction, or a product outside it. */
  async function missingRace(auctionId: number): Promise<AppError> {
    return (await repo.findAuction(db, auctionId))
      ? notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction)
      : notFound('AUCTION_NOT_FOUND', bidMessages.auctionNotFound);
  }

  /** The outbid notices for users whose lead was taken (by a person or by a ceiling). */
  function outbidNotices(
    outbid: number[],
    amount: number,
    input: { productId: number; auctionTitle: string; productName: string | undefined },
    now: Date,
  ) {
    return notificationRows(
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
   * Decides one product's waiting requests. From the lane's remembered race when there is one
   * (`decideFromMemory`: one statement, no lock held across round trips), else under the race
   * lock (`decideLocked`). Either way the requests are answered in the order their groups were
   * formed: each group's answers wait for the previous group's.
   */
  function decide(waiting: Waiting[], handOver: () => void): Promise<Array<Decided | Error>> {
    const { auctionId, productId } = waiting[0]!;
    const lane = laneOf(raceKey(auctionId, productId));
    const previous = lane.settled;
    lane.pending += 1;
    const result =
      decideFromMemory(lane, waiting, previous, handOver) ??
      previous.then(() => decideLocked(lane, waiting, handOver));
    lane.settled = result.then(
      () => {},
      () => {
        // What the lane remembered came from this decision (or one after it): not committed.
        lane.tip = null;
      },
    );
    void lane.settled.then(() => {
      lane.pending -= 1;
    });
    return result;
  }

  /**
   * Decides a group from the race the lane remembers (as the previous decision leaves it, even
   * before that one commits) and writes it with one compare-and-set statement on the race's
   * stamp, sent at once: the next group can be decided and sent while this one is on its way,
   * and PostgreSQL applies them in turn on the row's lock. If the race had moved (another
   * process, a failed decision before this one), nothing was written and the group is decided
   * again under the lock, still after the previous group. Ceiling writes and soft close, which
   * write more than the race row, are left to the locked path. Null when this path does not
   * apply.
   */
  function decideFromMemory(
    lane: Lane,
    waiting: Waiting[],
    previous: Promise<void>,
    handOver: () => void,
  ): Promise<Array<Decided | Error>> | null {
    const tip = lane.tip;
    // Rules are taken from memory only once the auction runs: from then on they never change
    // (it leaves 'active' only after every product has closed, which the statement checks).
    if (!tip || tip.race.status !== 'active') return null;
    const { auctionId, productId } = waiting[0]!;
    const now = clock.now();
    const decision = decideOn(tip, waiting, now);
    if (decision.ceilingWrites.length > 0 || decision.race.extended) return null;
    const stamp = decision.bids.length > 0 ? newStamp() : tip.race.race_stamp;
    const after = advance(tip.race, decision, stamp);
    lane.tip = { race: after, ceilings: tip.ceilings };
    const notices = noticesOf(decision, tip.race, productId, now);
    const sent = repo.writeDecision(db, (query) => pipeline.run(query, DECISION_STATEMENT), {
      auctionId,
      productId,
      now,
      expected: tip.race.race_stamp,
      stamp,
      bids: decision.bids,
      race: decision.race,
      notices,
    });
    // Awaited below, after the previous group: until then a failure must not go unhandled.
    sent.catch(() => {});
    // The next group goes once the previous statement has answered: the database always has
    // the next statement queued behind the one it runs, and what arrives meanwhile forms one
    // group (one statement, one commit) instead of many.
    const before = lane.lastSent;
    lane.lastSent = sent.then(
      () => {},
      () => {},
    );
    void before.then(handOver);
    return previous.then(async () => {
      const written = await sent;
      if (!written) {
        lane.tip = null;
        return decideLocked(lane, waiting, null);
      }
      return answer(waiting, { decision, raceBefore: tip.race, raceAfter: after, written, notices, now });
    });
  }

  /**
   * Decides a group in one transaction of two round trips under the race lock (the next group
   * is handed the turn once the lock is held, so its first statement overlaps this one's last):
   * BEGIN with one read under the lock (the race with its auction's rules and its ceilings), the
   * judgement of every request in arrival order (`decideGroup`), then the same write as from
   * memory (`repo.writeDecision`, its stamp now certain to match) sent with the COMMIT. Ceiling writes
   * and a soft close add a statement each when they happen. The lane remembers the race as the
   * decision leaves it before the commit, so the next group is decided from it meanwhile.
   *
   * Without `handOver`, the group is one whose compare-and-set found the race moved, decided
   * again: groups formed after it may have been decided from the same outdated race and must
   * fail and come here too, in turn, so the lane remembers nothing until a group that takes
   * its turn normally (after every earlier one has answered) reads the race again.
   */
  async function decideLocked(
    lane: Lane,
    waiting: Waiting[],
    handOver: (() => void) | null,
  ): Promise<Array<Decided | Error>> {
    const { auctionId, productId } = waiting[0]!;
    const key = raceKey(auctionId, productId);
    const outcome = await briefTransaction(db, async (tx) => {
      const locked = await repo.lockRace(tx, auctionId, productId);
      // Read the clock after the lock: decisions on one product get non-decreasing times.
      const now = clock.now();
      if (!locked) {
        lane.tip = null;
        handOver?.();
        return null;
      }
      const { race } = locked;
      const decision = decideOn(locked, waiting, now);
      const wrote = decision.bids.length > 0 || decision.ceilingWrites.length > 0 || decision.race.extended;
      const stamp = wrote ? newStamp() : race.race_stamp;
      const after = advance(race, decision, stamp);
      if (handOver) {
        lane.tip = { race: after, ceilings: decision.ceilings };
        // The lock is ours and the lane knows what this decision leaves: the next group may go.
        handOver();
      }
      const where = { auctionId, productId };
      const notices = noticesOf(decision, race, productId, now);
      // The rare writes first, so the decision's statement can carry the commit.
      for (const ceiling of decision.ceilingWrites)
        await repo.upsertCeiling(tx.db, { ...where, ...ceiling, now });
      if (decision.race.extended) await repo.extendEnd(tx.db, { ...where, end: decision.race.endTime! });
      const written = wrote
        ? await repo.writeDecision(tx.db, (query) => tx.last(query), {
            ...where,
            now,
            expected: race.race_stamp,
            stamp,
            bids: decision.bids,
            race: decision.race,
            notices,
          })
        : { bids: [], noticeIds: new Map<number, number>() };
      // Under the lock the stamp is the one just read: only a closed product refuses the write.
      if (!written) throw new Error('the decision wrote nothing');
      return { decision, written, notices, race, after, now };
    });
    if (!outcome) {
      committedRaces.delete(key);
      const error = await missingRace(auctionId);
      return waiting.map(() => error);
    }
    const { decision, written, notices, race, after, now } = outcome;
    return answer(waiting, { decision, raceBefore: race, raceAfter: after, written, notices, now });
  }

  /** The group judged against a known race (`decideGroup` with the service's settings). */
  function decideOn(known: KnownRace, waiting: Waiting[], now: Date) {
    const { race } = known;
    return decideGroup({
      rules: rulesOf(race),
      race: {
        highest: race.highest_bid,
        leaderId: race.highest_bidder_id,
        bidCount: race.bid_count,
        endTime: race.end_time,
      },
      ceilings: known.ceilings,
      pending: waiting.map((w) => w.request),
      now,
      softCloseMs: config.SOFT_CLOSE_SECONDS * 1000,
    });
  }

  /** Only a bid takes a lead, so notices come with bids. */
  function noticesOf(decision: GroupDecision, race: RaceRow, productId: number, now: Date) {
    return outbidNotices(
      decision.outbid,
      decision.race.highest ?? 0,
      { productId, auctionTitle: race.title, productName: race.product_name },
      now,
    );
  }

  /**
   * A decision's answers once it has committed: the race remembered as committed, the live
   * messages and notifications published, then one result per request.
   */
  async function answer(
    waiting: Waiting[],
    input: {
      decision: GroupDecision;
      raceBefore: RaceRow;
      raceAfter: RaceRow;
      /** What the write answered: the placed bids' ids and names, the notices' ids by user. */
      written: { bids: Array<{ id: number } & BidderName>; noticeIds: Map<number, number> };
      notices: NotificationInsert[];
      now: Date;
    },
  ): Promise<Array<Decided | Error>> {
    const { auctionId, productId } = waiting[0]!;
    const { decision, raceBefore, written, now } = input;
    remember(raceKey(auctionId, productId), input.raceAfter);
    const bids = decision.bids.map((b, i) =>
      toBidDto({ ...written.bids[i]!, amount: b.amount, created_at: now, auto: b.auto }),
    );
    const endTime = decision.race.endTime ? decision.race.endTime.toISOString() : null;
    const race: RaceState = {
      auction_id: auctionId,
      product_id: productId,
      highest_bid: toPesos(decision.race.highest ?? 0),
      bid_count: decision.race.bidCount,
      end_time: endTime,
    };
    // Handed to the bus in one go, before anything can yield to the next group's answers: the
    // buses keep the order of calls, so subscribers get every product's bids in commit order.
    const published = bids.map((bid, i) =>
      events.publish(channels.productBids(auctionId, productId), {
        message: 'new_bid',
        bid,
        auction_id: auctionId,
        product_id: productId,
        highest_bid: bid.amount,
        bid_count: raceBefore.bid_count + i + 1,
        end_time: endTime,
      } satisfies NewBidMessage),
    );
    const sent = input.notices.map((row) => storedNotification(row, written.noticeIds.get(row.user_id)!));
    await Promise.all([...published, publishNotifications(events, sent)]);

    return decision.outcomes.map((result, i) => {
      const w = waiting[i]!;
      if (!result.accepted) return refusalError(result.refusal, w.amountPesos, result.highest, raceBefore);
      const own = decision.bids.findIndex((b) => b.pending === i);
      return { bid: own >= 0 ? bids[own]! : null, race };
    });
  }

  /** Products' lanes: what each remembers, and the chain its decisions answer in. */
  const lanes = new Map<string, Lane>();
  function laneOf(key: string): Lane {
    let lane = lanes.get(key);
    if (lane) return lane;
    // Forget the oldest idle lane when full (a busy one still orders answers).
    if (lanes.size >= COMMITTED_RACES_MAX) {
      for (const [oldKey, old] of lanes) {
        if (old.pending === 0) {
          lanes.delete(oldKey);
          break;
        }
      }
    }
    lane = { tip: null, settled: Promise.resolve(), pending: 0, lastSent: Promise.resolve() };
    lanes.set(key, lane);
    return lane;
  }

  /**
   * The race of each product as this process last saw it committed (by its own decisions or a
   * read), so a bid is refused early without a read. Other processes move races too, so only
   * what cannot be undone is taken from it: the owner, and a highest bid that only grows.
   */
  const committedRaces = new Map<string, RaceRow>();
  function remember(key: string, race: RaceRow) {
    committedRaces.delete(key);
    if (committedRaces.size >= COMMITTED_RACES_MAX)
      committedRaces.delete(committedRaces.keys().next().value!);
    committedRaces.set(key, race);
  }

  // One queue per product: its requests are decided together.
  const decisions = createGroupQueue(decide);
  const submit = (waiting: Waiting) =>
    decisions.submit(raceKey(waiting.auctionId, waiting.productId), waiting);

  /**
   * Refuses without the lock what a committed race already refuses for good: a bid at or below
   * its highest (which only grows), a bid on one's own product, and (read just now) an ended
   * product or an unknown one. Every other request waits for the decision, which judges it again.
   */
  async function refuseEarly(
    request: PendingBid,
    amountPesos: number,
    auctionId: number,
    productId: number,
  ): Promise<AppError | null> {
    const key = raceKey(auctionId, productId);
    let committed = committedRaces.get(key);
    // A remembered end may have moved (soft close) and a status changed: only a fresh read
    // refuses an ended product.
    const fresh = !committed;
    if (!committed) {
      committed = await repo.findRace(db, auctionId, productId);
      if (!committed) return missingRace(auctionId);
      remember(key, committed);
    }
    const race = {
      highest: committed.highest_bid,
      leaderId: committed.highest_bidder_id,
      endTime: committed.end_time,
    };
    const refusal = judge(rulesOf(committed), race, request, clock.now());
    const final =
      refusal === 'OWN_PRODUCT' ||
      (refusal === 'AUCTION_ENDED' && fresh) ||
      (refusal === 'BID_REJECTED' &&
        request.kind === 'bid' &&
        committed.highest_bid !== null &&
        request.amount <= committed.highest_bid);
    return final ? refusalError(refusal, amountPesos, committed.highest_bid, committed) : null;
  }

  // Greetings of live channels: thousands of sockets on one product asking at once (all of them
  // after the bus reconnects) share one query per round trip instead of one each.
  const sharedBidCount = createKeyedFreshRead<number>();

  return {
    /** Newest first, at most BID_HISTORY_LIMIT. */
    async listForProduct(auctionId: number, productId: number, limit = BID_HISTORY_LIMIT): Promise<Bid[]> {
      const bids = await bidHistory(db, auctionId, productId, limit);
      // No bids yet, or no such race at all (an unknown auction, a product outside it): a 404.
      if (bids.length === 0 && !(await repo.findRace(db, auctionId, productId)))
        throw await missingRace(auctionId);
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
      const early = await refuseEarly(request, input.amount, input.auction_id, input.product_id);
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
      if (!race) throw await missingRace(auctionId);
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
      const maxProblem = bidAmountProblem(maxPesos, bidMessages.invalidMax);
      if (maxProblem) throw badRequest('BID_INVALID_MAX', maxProblem);
      const request: PendingBid = { kind: 'ceiling', userId, max: toCentavos(maxPesos) };
      const early = await refuseEarly(request, maxPesos, auctionId, productId);
      if (early) throw early;
      await submit({ auctionId, productId, request, amountPesos: maxPesos });
      return { max_amount: maxPesos };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
