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

/**
 * A product's race with what deciding a bid on it needs: the auction's rules and the names its
 * notices use. `end_time` is the product's effective end (its own, else the auction's).
 */
function raceQuery(db: Database, auctionId: number, productId: number) {
  return db
    .selectFrom('auction_products as ap')
    .innerJoin('auctions as a', 'a.id', 'ap.auction_id')
    .innerJoin('products as p', 'p.id', 'ap.product_id')
    .select((eb) => [
      'ap.highest_bid',
      'ap.highest_bidder_id',
      'ap.bid_count',
      eb.fn.coalesce('ap.end_time', 'a.end_time').as('end_time'),
      'a.owner_id',
      'a.status',
      'a.start_time',
      'a.min_offer',
      'a.max_offer',
      'a.title',
      'p.name as product_name',
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
   * committed one, so what follows sees every decision that took the lock before this one, and
   * the auction's rules as committed now (its status may have changed since the last read).
   */
  lockRace(trx: Database, auctionId: number, productId: number) {
    return raceQuery(trx, auctionId, productId).forUpdate('ap').executeTakeFirst();
  },

  /** The race after a decision, written under its lock. */
  async saveRace(
    trx: Database,
    input: {
      auctionId: number;
      productId: number;
      highest: number | null;
      leaderId: number | null;
      bidCount: number;
    },
  ) {
    await trx
      .updateTable('auction_products')
      .set({ highest_bid: input.highest, highest_bidder_id: input.leaderId, bid_count: input.bidCount })
      .where('auction_id', '=', input.auctionId)
      .where('product_id', '=', input.productId)
      .execute();
  },

  findRace(db: Database, auctionId: number, productId: number) {
    return raceQuery(db, auctionId, productId).executeTakeFirst();
  },

  /** A decision's bids in one statement, answered in the order given. */
  async insertBids(
    trx: Database,
    input: { auctionId: number; productId: number; now: Date },
    bids: Array<{ userId: number; amount: number; auto: boolean }>,
  ) {
    const rows = await trx
      .insertInto('bids')
      .values(
        bids.map((bid) => ({
          auction_id: input.auctionId,
          product_id: input.productId,
          user_id: bid.userId,
          amount: bid.amount,
          created_at: input.now,
          auto: bid.auto,
        })),
      )
      .returning(['id', 'amount', 'created_at', 'auto'])
      .execute();
    // Amounts are unique per product (and strictly increasing within a decision): they pair
    // each returned row with its bid whatever order the database answered in.
    const byAmount = new Map(rows.map((row) => [Number(row.amount), row]));
    return bids.map((bid) => byAmount.get(bid.amount)!);
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

  findBidder(db: Database, userId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'avatar'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  },

  findBidders(db: Database, userIds: number[]) {
    return db.selectFrom('users').select(['id', 'username', 'avatar']).where('id', 'in', userIds).execute();
  },
};
