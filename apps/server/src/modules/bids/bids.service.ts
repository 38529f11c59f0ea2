import {
  BID_HISTORY_LIMIT,
  type Bid,
  bidMessages,
  formatNumber,
  isValidBidAmount,
  type NewBidMessage,
  type PlaceBidInput,
  type PlaceBidResponse,
  validateBid,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { toCentavos, toPesos } from '../../platform/money.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { bidsRepository as repo, toBidDto } from './bids.repository.ts';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export function createBidsService(ctx: AppContext) {
  const { db, clock, events } = ctx;

  /** Why a bid the database refused was refused, from a fresh read (after the transaction). */
  async function explainRejection(
    input: { auctionId: number; productId: number; userId: number; amountPesos: number },
    race: { highest_bid: number | null } | undefined,
    now: Date,
  ): Promise<AppError> {
    const auction = await repo.findAuction(db, input.auctionId);
    if (!auction) return notFound('AUCTION_NOT_FOUND', bidMessages.auctionNotFound);
    if (!race) return notFound('PRODUCT_NOT_IN_AUCTION', bidMessages.productNotInAuction);
    if (auction.owner_id === input.userId) return forbidden('OWN_PRODUCT', bidMessages.ownProduct);
    const over = auction.end_time !== null && auction.end_time.getTime() <= now.getTime();
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

  return {
    /** Newest first, at most BID_HISTORY_LIMIT. */
    async listForProduct(auctionId: number, productId: number, limit = BID_HISTORY_LIMIT): Promise<Bid[]> {
      const rows = await repo.listForProduct(db, auctionId, productId, limit);
      return rows.map(toBidDto);
    },

    /**
     * Places a bid. One transaction: lock the product's race row, let a conditional UPDATE
     * decide (rows changed = accepted), insert the bid (its unique amount is a second guard)
     * and the outbid notification. Ties go to whoever took the lock first. Live events and
     * notifications go out after the commit.
     */
    async place(userId: number, input: PlaceBidInput): Promise<PlaceBidResponse> {
      if (!isValidBidAmount(input.amount)) throw badRequest('BID_INVALID_AMOUNT', bidMessages.invalidAmount);
      const amount = toCentavos(input.amount);
      const key = { auctionId: input.auction_id, productId: input.product_id, userId };

      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const race = await repo.lockRace(trx, input.auction_id, input.product_id);
          // Read the clock after the lock: bids on one product get increasing times.
          const now = clock.now();
          if (!race) return { accepted: false as const, race, now };
          const changed = await repo.raiseHighest(trx, { ...key, amount, now });
          if (changed === 0) return { accepted: false as const, race, now };
          const bid = await repo.insertBid(trx, { ...key, amount, now });
          const bidder = await repo.findBidder(trx, userId);
          const previous = race.highest_bidder_id;
          let notified: Awaited<ReturnType<typeof createNotifications>> = [];
          if (previous !== null && previous !== userId) {
            const [auction, product] = await Promise.all([
              repo.findAuction(trx, input.auction_id),
              repo.findProductName(trx, input.product_id),
            ]);
            notified = await createNotifications(
              trx,
              [
                {
                  userId: previous,
                  type: 'outbid',
                  title: 'Te han superado en una puja',
                  message: `Alguien ofreció $${formatNumber(input.amount)} por "${product?.name ?? 'un producto'}" en la subasta "${auction?.title ?? ''}". ¡Puja de nuevo!`,
                  link: `/auctions/product/${input.product_id}`,
                },
              ],
              now,
            );
          }
          return {
            accepted: true as const,
            bid: toBidDto({ ...bid, username: bidder.username, avatar: bidder.avatar }),
            bidCount: race.bid_count + 1,
            notified,
          };
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

      const { bid, bidCount, notified } = outcome;
      const message: NewBidMessage = {
        message: 'new_bid',
        bid: {
          id: bid.id,
          amount: bid.amount,
          timestamp: bid.timestamp,
          username: bid.username,
          avatar: bid.avatar,
        },
        auction_id: input.auction_id,
        product_id: input.product_id,
        highest_bid: bid.amount,
        bid_count: bidCount,
      };
      await events.publish(channels.productBids(input.auction_id, input.product_id), message);
      if (notified.length > 0) await publishNotifications(events, notified);
      return {
        ...bid,
        auction_id: input.auction_id,
        product_id: input.product_id,
        message: bidMessages.placed,
      };
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
