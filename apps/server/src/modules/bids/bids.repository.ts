import type { Bid } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';

export interface BidRow {
  id: number;
  amount: number;
  created_at: Date;
  username: string;
  avatar: string | null;
}

export function toBidDto(row: BidRow): Bid {
  return {
    id: row.id,
    amount: toPesos(row.amount),
    timestamp: row.created_at.toISOString(),
    username: row.username,
    avatar: row.avatar,
    user: { username: row.username, avatar: row.avatar },
  };
}

export const bidsRepository = {
  /** Newest first, bounded. */
  listForProduct(db: Database, auctionId: number, productId: number, limit: number): Promise<BidRow[]> {
    return db
      .selectFrom('bids as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.id', 'b.amount', 'b.created_at', 'u.username', 'u.avatar'])
      .where('b.auction_id', '=', auctionId)
      .where('b.product_id', '=', productId)
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * Locks the product's race row; under READ COMMITTED the row returned is the latest
   * committed one, so what follows sees every bid that won the lock before this one.
   */
  lockRace(trx: Database, auctionId: number, productId: number) {
    return trx
      .selectFrom('auction_products')
      .select(['highest_bid', 'highest_bidder_id', 'bid_count'])
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * The bid itself, decided by the database: raises the highest bid only if the auction is
   * active and running at `now`, the bidder is not its owner and the amount obeys the increment
   * rules against the current highest. Returns how many rows changed (0 or 1).
   */
  async raiseHighest(
    trx: Database,
    input: { auctionId: number; productId: number; userId: number; amount: number; now: Date },
  ): Promise<number> {
    const { auctionId, productId, userId, amount, now } = input;
    const result = await sql`
      update auction_products ap
      set highest_bid = ${amount}, highest_bidder_id = ${userId}, bid_count = ap.bid_count + 1
      where ap.auction_id = ${auctionId}
        and ap.product_id = ${productId}
        and (ap.highest_bid is null or ap.highest_bid < ${amount})
        and exists (
          select 1 from auctions a
          where a.id = ap.auction_id
            and a.status = 'active'
            and a.owner_id <> ${userId}
            and (a.start_time is null or a.start_time <= ${now})
            and a.end_time > ${now}
            and (a.min_offer = 0 or ${amount} >= coalesce(ap.highest_bid, 0) + a.min_offer)
            and (a.max_offer = 0 or ${amount} <= coalesce(ap.highest_bid, 0) + a.max_offer)
        )
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  },

  findRace(db: Database, auctionId: number, productId: number) {
    return db
      .selectFrom('auction_products')
      .select(['highest_bid', 'highest_bidder_id', 'bid_count'])
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
  },

  insertBid(
    trx: Database,
    input: { auctionId: number; productId: number; userId: number; amount: number; now: Date },
  ) {
    return trx
      .insertInto('bids')
      .values({
        auction_id: input.auctionId,
        product_id: input.productId,
        user_id: input.userId,
        amount: input.amount,
        created_at: input.now,
      })
      .returning(['id', 'amount', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  findAuction(db: Database, auctionId: number) {
    return db
      .selectFrom('auctions')
      .select(['id', 'title', 'owner_id', 'status', 'start_time', 'end_time', 'min_offer', 'max_offer'])
      .where('id', '=', auctionId)
      .executeTakeFirst();
  },

  findProductName(db: Database, productId: number) {
    return db.selectFrom('products').select(['id', 'name']).where('id', '=', productId).executeTakeFirst();
  },

  findBidder(db: Database, userId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'avatar'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  },
};
