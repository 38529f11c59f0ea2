import type { Bid, NewBidMessage, RaceState } from '@app/contracts';
import type { EventBus } from '../../platform/events.ts';
import { channels } from '../../platform/events.ts';
import { toPesos } from '../../platform/money.ts';
import {
  type NotificationInsert,
  publishNotifications,
  storedNotification,
} from '../notifications/notifications.service.ts';
import { type BidderName, toBidDto } from './bids.repository.ts';
import type { GroupDecision, PendingBid } from './decide-bids.ts';
import { type RaceMemory, type RaceRow, raceKey } from './race-memory.ts';
import { refusalError } from './refusals.ts';

/** One request waiting for its product's decision, with what was read for it without the lock. */
export interface Waiting {
  auctionId: number;
  productId: number;
  request: PendingBid;
  /** The amount as sent (pesos), for the refusal's message. */
  amountPesos: number;
}

export type Decided = { bid: Bid | null; race: RaceState };

/** A committed decision, as both decision paths hand it over to be answered. */
export interface CommittedDecision {
  decision: GroupDecision;
  raceBefore: RaceRow;
  raceAfter: RaceRow;
  /** What the write answered: the placed bids' ids and names, the notices' ids by user. */
  written: { bids: Array<{ id: number } & BidderName>; noticeIds: Map<number, number> };
  notices: NotificationInsert[];
  now: Date;
}

/**
 * A decision's answers once it has committed: the race remembered as committed, the live
 * messages and notifications published, then one result per request.
 */
export async function answerDecision(
  deps: { events: EventBus; memory: RaceMemory },
  waiting: Waiting[],
  input: CommittedDecision,
): Promise<Array<Decided | Error>> {
  const { events, memory } = deps;
  const { auctionId, productId } = waiting[0]!;
  const { decision, raceBefore, written, now } = input;
  memory.remember(raceKey(auctionId, productId), input.raceAfter);
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
