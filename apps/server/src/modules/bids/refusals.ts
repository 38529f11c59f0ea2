import { bidMessages, validateBid } from '@app/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { toPesos } from '../../platform/money.ts';
import { bidsRepository as repo } from './bids.repository.ts';
import { type AuctionRules, judge, type PendingBid, type Refusal } from './decide-bids.ts';
import { type RaceMemory, type RaceRow, raceKey } from './race-memory.ts';

/** The message of a refusal, with the race as it stood when the request was judged. */
export function refusalError(
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

export const rulesOf = (a: {
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

/** Why there is no race for a product: an unknown auction, or a product outside it. */
export async function missingRace(db: Database, auctionId: number): Promise<AppError> {
  return (await repo.findAuction(db, auctionId))
    ? notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction)
    : notFound('AUCTION_NOT_FOUND', bidMessages.auctionNotFound);
}

/**
 * Refuses without the lock what a committed race already refuses for good: a bid at or below
 * its highest (which only grows), a bid on one's own product, and (read just now) an ended
 * product or an unknown one. Every other request waits for the decision, which judges it again.
 */
export async function refuseEarly(
  deps: { db: Database; clock: Clock; memory: RaceMemory },
  request: PendingBid,
  amountPesos: number,
  auctionId: number,
  productId: number,
): Promise<AppError | null> {
  const { db, clock, memory } = deps;
  const key = raceKey(auctionId, productId);
  let committed = memory.committed(key);
  // A remembered end may have moved (soft close) and a status changed: only a fresh read
  // refuses an ended product.
  const fresh = !committed;
  if (!committed) {
    committed = await repo.findRace(db, auctionId, productId);
    if (!committed) return missingRace(db, auctionId);
    memory.remember(key, committed);
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
