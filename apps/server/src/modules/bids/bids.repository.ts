import { randomInt } from 'node:crypto';
import type { Bid } from '@app/contracts';
import { type CompiledQuery, sql } from 'kysely';
import type { BriefTransaction } from '../../platform/brief-transaction.ts';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';
import type { NotificationInsert } from '../notifications/notifications.service.ts';
import type { Ceiling } from './auto-bids.ts';

export interface BidRow {
  id: number;
  amount: number;
  created_at: Date;
  username: string;
  avatar: string | null;
  auto: boolean;
}

export type BidderName = { username: string; avatar: string | null };

/** The name under which the decision's write is kept prepared (its SQL text never changes). */
export const DECISION_STATEMENT = 'bids_write_decision';

/** What a decision writes (centavos), and the race stamp it expects and the one it leaves. */
export interface DecisionWrite {
  auctionId: number;
  productId: number;
  now: Date;
  expected: number;
  stamp: number;
  bids: Array<{ userId: number; amount: number; auto: boolean }>;
  race: { highest: number | null; leaderId: number | null; bidCount: number };
  notices: NotificationInsert[];
  /**
   * Bidders whose standing with the seller the write itself checks (the group decided from
   * memory, whose standing nothing read before): none blocked by the seller and none with
   * `strikesToBlock` uncleared strikes since `strikesSince`. Empty under the race lock, where it
   * was read after the lock.
   */
  unread: { userIds: number[]; strikesSince: Date; strikesToBlock: number };
}

/** A new race stamp: random, so no two writers ever write the same one (see the migration). */
export const newStamp = () => randomInt(1, 2 ** 48);

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
      'ap.race_stamp',
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
   * the auction's rules as committed now (its status may have changed since the last read). The
   * same statement reads the race's ceilings, so deciding a group costs one read under the lock.
   * It opens the transaction.
   */
  async lockRace(tx: BriefTransaction, auctionId: number, productId: number) {
    const query = raceQuery(tx.db, auctionId, productId)
      .select(
        sql<Array<[number, number, number]>>`(
          select coalesce(json_agg(json_build_array(c.user_id, c.max_amount, c.set_order)), '[]')
          from bid_ceilings c
          where c.auction_id = ap.auction_id and c.product_id = ap.product_id
        )`.as('ceilings'),
      )
      .forUpdate('ap');
    const [row] = await tx.first(query.compile());
    if (!row) return undefined;
    const { ceilings, ...race } = row;
    return {
      race,
      ceilings: ceilings.map(
        ([userId, max, order]): Ceiling => ({ userId, max: Number(max), order: Number(order) }),
      ),
    };
  },

  /**
   * A decision's writes in one statement: the race row, only while its stamp is still
   * `expected`, the product has not closed and every bidder of `unread` may bid on the seller's
   * products, then its bids and outbid notices only if the race was written. Answers null when
   * the race had moved or a bidder may not bid (nothing written), else the bids'
   * ids with their bidders' names (automatic bids are placed for ceilings' holders), in the
   * order given, and the notices' ids by user.
   *
   * The stamp is compared on the row as locked (`locked`: it waits for a decision in flight on
   * the same product and reads what that one committed); compared in the UPDATE's own WHERE it
   * would be read from the statement's snapshot, which cannot see a decision that commits while
   * this statement waits for the row. Under the race's lock (the locked path) the comparison
   * holds by construction. One SQL text whatever the group's size (the rows travel as arrays),
   * so `run` may keep it prepared under `DECISION_STATEMENT`.
   */
  async writeDecision(db: Database, run: <R>(query: CompiledQuery<R>) => Promise<R[]>, input: DecisionWrite) {
    const { auctionId, productId, now, bids, notices } = input;
    const query = sql<{
      written: boolean;
      bids: Array<[number, number, string, string | null]>;
      notices: Array<{ id: number; user_id: number }>;
    }>`
      with locked as (
        select race_stamp from auction_products
        where auction_id = ${auctionId}::integer and product_id = ${productId}::integer
        for update
      ), race as (
        update auction_products
        set highest_bid = ${input.race.highest}::bigint, highest_bidder_id = ${input.race.leaderId}::integer,
            bid_count = ${input.race.bidCount}::integer, race_stamp = ${input.stamp}::bigint
        where auction_id = ${auctionId}::integer and product_id = ${productId}::integer
          and (select race_stamp from locked) = ${input.expected}::bigint and outcome is null
          and not exists (
            select 1 from seller_blocks sb join auctions a on a.owner_id = sb.seller_id
            where a.id = ${auctionId}::integer and sb.blocked_user_id = any(${input.unread.userIds}::integer[])
          )
          and not exists (
            select 1 from unpaid_strikes s
            where s.user_id = any(${input.unread.userIds}::integer[]) and s.cleared_at is null
              and s.created_at > ${input.unread.strikesSince}::timestamptz
            group by s.user_id having count(*) >= ${input.unread.strikesToBlock}::integer
          )
        returning auction_id, product_id
      ), placed as (
        insert into bids (auction_id, product_id, user_id, amount, created_at, auto)
        select race.auction_id, race.product_id, b.user_id, b.amount, ${now}::timestamptz, b.auto
        from race, unnest(${bids.map((b) => b.userId)}::integer[], ${bids.map((b) => b.amount)}::bigint[],
                          ${bids.map((b) => b.auto)}::boolean[]) as b(user_id, amount, auto)
        returning id, amount, user_id
      ), sent as (
        insert into notifications (user_id, type, title, message, link, is_system, created_at)
        select n.user_id, n.type, n.title, n.message, n.link, n.is_system, ${now}::timestamptz
        from race, unnest(${notices.map((n) => n.user_id)}::integer[], ${notices.map((n) => n.type)}::text[],
                          ${notices.map((n) => n.title)}::text[], ${notices.map((n) => n.message)}::text[],
                          ${notices.map((n) => n.link)}::text[], ${notices.map((n) => n.is_system)}::boolean[])
             as n(user_id, type, title, message, link, is_system)
        returning id, user_id
      )
      select exists (select from race) as written,
             (select coalesce(json_agg(json_build_array(placed.id, placed.amount, u.username, u.avatar)), '[]')
              from placed join users u on u.id = placed.user_id) as bids,
             (select coalesce(json_agg(sent), '[]') from sent) as notices
    `;
    const [written] = await run(query.compile(db));
    if (!written?.written) return null;
    // Amounts are unique per product: they pair each returned row with its bid whatever order
    // the database answered in.
    const byAmount = new Map(
      written.bids.map(([id, amount, username, avatar]) => [Number(amount), { id, username, avatar }]),
    );
    return {
      bids: input.bids.map((bid) => byAmount.get(bid.amount)!),
      noticeIds: new Map(written.notices.map((n) => [n.user_id, n.id])),
    };
  },

  findRace(db: Database, auctionId: number, productId: number) {
    return raceQuery(db, auctionId, productId).executeTakeFirst();
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

  findAuction(db: Database, auctionId: number) {
    return db
      .selectFrom('auctions')
      .select(['id', 'title', 'owner_id', 'status', 'start_time', 'end_time', 'min_offer', 'max_offer'])
      .where('id', '=', auctionId)
      .executeTakeFirst();
  },

  /**
   * Removes a product's race for good, locked first as a decision locks it: its bids, ceilings
   * and race row go. Answers the users who had bid, or null when there was no such race.
   */
  async removeRace(trx: Database, auctionId: number, productId: number): Promise<number[] | null> {
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
    return bidders.map((b) => b.user_id);
  },
};
