import { type Ceiling, decideAutoBids } from './auto-bids.ts';

/** The auction's rules, as read under the race lock (amounts in centavos). */
export interface AuctionRules {
  ownerId: number;
  status: string;
  startTime: Date | null;
  minOffer: number;
  maxOffer: number;
}

/** One product's race, as read under its lock (centavos). */
export interface LockedRace {
  highest: number | null;
  leaderId: number | null;
  bidCount: number;
  endTime: Date | null;
}

/**
 * A request waiting for the decision, in arrival order (centavos): a bid (with the ceiling sent
 * with it, if any), or the leader raising their ceiling without bidding.
 */
export type PendingBid =
  | { kind: 'bid'; userId: number; amount: number; max: number | null }
  | { kind: 'ceiling'; userId: number; max: number };

/** Why a request was refused, for the caller to turn into its message. */
export type Refusal =
  | 'OWN_PRODUCT'
  | 'AUCTION_ENDED'
  | 'AUCTION_NOT_ACTIVE'
  | 'BID_REJECTED'
  | 'NOT_LEADING'
  | 'MAX_TOO_LOW';

/** A bid the decision places: a person's (`pending` is its index) or an automatic one. */
interface DecidedBid {
  userId: number;
  amount: number;
  auto: boolean;
  pending: number | null;
}

export interface GroupDecision {
  /** Every bid placed, in order: the people's accepted bids and the automatic answers. */
  bids: DecidedBid[];
  /** Per pending bid: accepted, or refused with the race as it stood when it was judged. */
  outcomes: Array<{ accepted: true } | { accepted: false; refusal: Refusal; highest: number | null }>;
  /** Ceilings to save, in order (only those of accepted requests). */
  ceilingWrites: Array<{ userId: number; max: number }>;
  /** The race's ceilings once those are saved. */
  ceilings: Ceiling[];
  /** The race after the whole group; `extended` when soft close moved the end. */
  race: LockedRace & { extended: boolean };
  /** Who lost the lead during the group and does not hold it at its end. */
  outbid: number[];
}

/**
 * Decides a group of requests on one product that arrived while the previous group held the
 * race lock, as if each had taken the lock alone, in arrival order: each is judged against the
 * race the one before it left, an accepted one saves its ceiling and lets the ceilings answer,
 * and a decision that placed a bid with less than the soft close window left moves the product's
 * end. Pure: the caller reads the state under the lock and writes the result in the same
 * transaction.
 */
export function decideGroup(input: {
  rules: AuctionRules;
  race: LockedRace;
  ceilings: Ceiling[];
  pending: PendingBid[];
  now: Date;
  softCloseMs: number;
}): GroupDecision {
  const { rules, now, softCloseMs } = input;
  const ceilings = input.ceilings.map((c) => ({ ...c }));
  let nextOrder = ceilings.reduce((max, c) => Math.max(max, c.order), 0) + 1;
  let { highest, leaderId, bidCount, endTime } = input.race;
  let extended = false;
  const bids: DecidedBid[] = [];
  const outcomes: GroupDecision['outcomes'] = [];
  const ceilingWrites: GroupDecision['ceilingWrites'] = [];
  const lostLead = new Set<number>();

  const place = (bid: DecidedBid) => {
    if (leaderId !== null && leaderId !== bid.userId) lostLead.add(leaderId);
    bids.push(bid);
    highest = bid.amount;
    leaderId = bid.userId;
    bidCount += 1;
  };

  input.pending.forEach((request, index) => {
    const refusal = judge(rules, { highest, leaderId, endTime }, request, now);
    if (refusal) {
      outcomes.push({ accepted: false, refusal, highest });
      return;
    }
    outcomes.push({ accepted: true });
    const placedBefore = bids.length;
    if (request.kind === 'bid') {
      place({ userId: request.userId, amount: request.amount, auto: false, pending: index });
    }
    if (request.max !== null) {
      ceilingWrites.push({ userId: request.userId, max: request.max });
      const own = ceilings.find((c) => c.userId === request.userId);
      // Setting the same maximum again keeps its place in the queue, as the saved row does.
      if (!own) ceilings.push({ userId: request.userId, max: request.max, order: nextOrder++ });
      else if (own.max !== request.max) Object.assign(own, { max: request.max, order: nextOrder++ });
    }
    const autos = decideAutoBids({ highest: highest ?? 0, leaderId, minOffer: rules.minOffer, ceilings });
    for (const auto of autos) place({ ...auto, auto: true, pending: null });
    const placedAny = bids.length > placedBefore;
    if (placedAny && softCloseMs > 0 && endTime && endTime.getTime() - now.getTime() < softCloseMs) {
      endTime = new Date(now.getTime() + softCloseMs);
      extended = true;
    }
  });

  if (leaderId !== null) lostLead.delete(leaderId);
  return {
    bids,
    outcomes,
    ceilingWrites,
    ceilings,
    race: { highest, leaderId, bidCount, endTime, extended },
    outbid: [...lostLead],
  };
}

/**
 * Whether a request may go ahead on the race as it stands: the product runs, the requester does
 * not own it, and a bid is above the highest within the auction's increments (a ceiling raised
 * without bidding: by the leader, above their bid).
 */
export function judge(
  rules: AuctionRules,
  race: { highest: number | null; leaderId: number | null; endTime: Date | null },
  request: PendingBid,
  now: Date,
): Refusal | null {
  if (rules.ownerId === request.userId) return 'OWN_PRODUCT';
  const over = race.endTime !== null && race.endTime.getTime() <= now.getTime();
  if (rules.status === 'ended' || (rules.status === 'active' && over)) return 'AUCTION_ENDED';
  if (rules.status !== 'active' || (rules.startTime && rules.startTime.getTime() > now.getTime())) {
    return 'AUCTION_NOT_ACTIVE';
  }
  const current = race.highest ?? 0;
  if (request.kind === 'ceiling') {
    if (race.leaderId !== request.userId) return 'NOT_LEADING';
    return request.max <= current ? 'MAX_TOO_LOW' : null;
  }
  if (race.highest !== null && request.amount <= race.highest) return 'BID_REJECTED';
  if (rules.minOffer > 0 && request.amount < current + rules.minOffer) return 'BID_REJECTED';
  if (rules.maxOffer > 0 && request.amount > current + rules.maxOffer) return 'BID_REJECTED';
  return null;
}
