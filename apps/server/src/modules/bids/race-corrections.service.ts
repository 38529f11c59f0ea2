import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/*
 * Corrections to running races that another module decides on (a seller blocking a bidder, an
 * operator confirming a shill pair). They are the bid path's state, so they are written here,
 * each under the race's lock, each leaving a new stamp.
 */

/**
 * Voids the bidder's bids and ceiling on one race and sets the race to what the remaining bids
 * leave: the highest of them (the earliest at that amount) leads, the count is theirs, and a
 * new stamp sends any process deciding from memory back to the lock.
 */
export async function voidBidderOnRace(
  trx: Database,
  race: { auction_id: number; product_id: number },
  bidderId: number,
  stamp: number,
): Promise<number> {
  const removed = await trx
    .deleteFrom('bids')
    .where('auction_id', '=', race.auction_id)
    .where('product_id', '=', race.product_id)
    .where('user_id', '=', bidderId)
    .executeTakeFirst();
  await trx
    .deleteFrom('bid_ceilings')
    .where('auction_id', '=', race.auction_id)
    .where('product_id', '=', race.product_id)
    .where('user_id', '=', bidderId)
    .execute();
  await sql`
    update auction_products ap
       set highest_bid = top.amount,
           highest_bidder_id = top.user_id,
           bid_count = (select count(*) from bids b where b.auction_id = ap.auction_id and b.product_id = ap.product_id),
           race_stamp = ${stamp}::bigint
      from (select 1) one
      left join lateral (
        select b.amount, b.user_id from bids b
         where b.auction_id = ${race.auction_id} and b.product_id = ${race.product_id}
         order by b.amount desc, b.created_at, b.id limit 1
      ) top on true
     where ap.auction_id = ${race.auction_id} and ap.product_id = ${race.product_id}
  `.execute(trx);
  return Number(removed.numDeletedRows);
}

/**
 * New stamps for the seller's running races, each locked in turn as a bid's decision locks it:
 * a decision in flight on one finishes first, and one decided from what a process remembered
 * of it finds it moved and is decided again under the lock (where the block is read).
 */
export async function restampRunningRaces(db: Database, sellerId: number) {
  const { rows } = await sql<{ auction_id: number; product_id: number }>`
    with running as (
      select ap.auction_id, ap.product_id
        from auction_products ap
        join auctions a on a.id = ap.auction_id
       where a.owner_id = ${sellerId} and a.status = 'active' and ap.outcome is null
       order by ap.auction_id, ap.product_id
         for update of ap
    )
    update auction_products ap
       set race_stamp = floor(random() * 281474976710655)::bigint + 1
      from running r
     where ap.auction_id = r.auction_id and ap.product_id = r.product_id
    returning ap.auction_id, ap.product_id
  `.execute(db);
  return rows;
}
