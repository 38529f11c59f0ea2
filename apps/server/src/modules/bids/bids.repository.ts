import type { Bid } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';
import type { Ceiling } from './proxy.ts';

export interface BidRow {
  id: number;
  amount: number;
  created_at: Date;
  username: string;
  avatar: string | null;
  auto: boolean;
}

export function toBidDto(row: BidRow): Bid {
  return {
    id: row.id,
    amount: toPesos(row.amount),
    timestamp: row.created_at.toISOString(),
    username: row.username,
    avatar: row.avatar,
    auto: row.auto,
  };
}

function raceQuery(db: Database, auctionId: number, productId: number) {
  return db
    .selectFrom('auction_products as ap')
    .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
    .select((eb) => [
      'ap.highest_bid',
      'ap.highest_bidder_id',
      'ap.bid_count',
      eb.fn.coalesce('ap.end_time', 'a.end_time').as('end_time'),
    ])
    .where('ap.auction_id', '=', auctionId)
    .where('ap.product_id', '=', productId);
}

export const bidsRepository = {
  /** Newest first, bounded. */
  listForProduct(db: Database, auctionId: number, productId: number, limit: number): Promise<BidRow[]> {
    return db
      .selectFrom('bids as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.id', 'b.amount', 'b.created_at', 'b.auto', 'u.username', 'u.avatar'])
      .where('b.auction_id', '=', auctionId)
      .where('b.product_id', '=', productId)
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * Locks the product's race row; under READ COMMITTED the row returned is the latest
   * committed one, so what follows sees every bid that won the lock before this one.
   * `end_time` is the product's effective end (its own, else the auction's).
   */
  lockRace(trx: Database, auctionId: number, productId: number) {
    return raceQuery(trx, auctionId, productId).forUpdate('ap').executeTakeFirst();
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
            and coalesce(ap.end_time, a.end_time) > ${now}
            and (a.min_offer = 0 or ${amount} >= coalesce(ap.highest_bid, 0) + a.min_offer)
            and (a.max_offer = 0 or ${amount} <= coalesce(ap.highest_bid, 0) + a.max_offer)
        )
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  },

  findRace(db: Database, auctionId: number, productId: number) {
    return raceQuery(db, auctionId, productId).executeTakeFirst();
  },

  insertBid(
    trx: Database,
    input: {
      auctionId: number;
      productId: number;
      userId: number;
      amount: number;
      now: Date;
      auto?: boolean;
    },
  ) {
    return trx
      .insertInto('bids')
      .values({
        auction_id: input.auctionId,
        product_id: input.productId,
        user_id: input.userId,
        amount: input.amount,
        created_at: input.now,
        auto: input.auto ?? false,
      })
      .returning(['id', 'amount', 'created_at', 'auto'])
      .executeTakeFirstOrThrow();
  },

  /**
   * An automatic bid, inside the transaction that holds the race lock. The amount was decided
   * from the ceilings (it obeys min_offer, not max_offer), so only "above the highest" is checked
   * here; the unique amount per product remains the last guard.
   */
  async raiseHighestAuto(
    trx: Database,
    input: { auctionId: number; productId: number; userId: number; amount: number },
  ): Promise<number> {
    const result = await trx
      .updateTable('auction_products')
      .set((eb) => ({
        highest_bid: input.amount,
        highest_bidder_id: input.userId,
        bid_count: eb('bid_count', '+', 1),
      }))
      .where('auction_id', '=', input.auctionId)
      .where('product_id', '=', input.productId)
      .where((eb) => eb.or([eb('highest_bid', 'is', null), eb('highest_bid', '<', input.amount)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Soft close: moves the product's end to `end` and keeps the auction's end the latest of its
   * products. Sibling products still reading the auction's end get it written down first, so
   * moving the auction's end never moves theirs.
   */
  async extendEnd(trx: Database, input: { auctionId: number; productId: number; end: Date }) {
    await sql`
      update auction_products ap set end_time = a.end_time
      from auctions a
      where a.id = ap.auction_id and ap.auction_id = ${input.auctionId} and ap.end_time is null
    `.execute(trx);
    await trx
      .updateTable('auction_products')
      .set({ end_time: input.end })
      .where('auction_id', '=', input.auctionId)
      .where('product_id', '=', input.productId)
      .execute();
    await sql`
      update auctions set end_time = greatest(end_time, ${input.end}) where id = ${input.auctionId}
    `.execute(trx);
  },

  /** Saves a bidder's ceiling; setting the same amount again keeps its place in the queue. */
  async upsertCeiling(
    trx: Database,
    input: { auctionId: number; productId: number; userId: number; max: number; now: Date },
  ) {
    await sql`
      insert into bid_ceilings (auction_id, product_id, user_id, max_amount, set_order, updated_at)
      values (${input.auctionId}, ${input.productId}, ${input.userId}, ${input.max},
              nextval('bid_ceilings_set_order_seq'), ${input.now})
      on conflict (auction_id, product_id, user_id) do update set
        set_order = case when bid_ceilings.max_amount = excluded.max_amount
                         then bid_ceilings.set_order else excluded.set_order end,
        max_amount = excluded.max_amount,
        updated_at = excluded.updated_at
    `.execute(trx);
  },

  async ceilings(trx: Database, auctionId: number, productId: number): Promise<Ceiling[]> {
    const rows = await trx
      .selectFrom('bid_ceilings')
      .select(['user_id', 'max_amount', 'set_order'])
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .execute();
    return rows.map((r) => ({ userId: r.user_id, max: Number(r.max_amount), order: Number(r.set_order) }));
  },

  findCeiling(db: Database, auctionId: number, productId: number, userId: number) {
    return db
      .selectFrom('bid_ceilings')
      .select(['max_amount'])
      .where('auction_id', '=', auctionId)
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
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
