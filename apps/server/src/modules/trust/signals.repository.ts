import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export interface SignalPairRow {
  seller_id: number;
  seller_username: string;
  bidder_id: number;
  bidder_username: string;
  shared_addresses: string[] | null;
  bids_to_seller: string | number;
  bids_total: string | number;
  ever_won: boolean;
  confirmed: boolean;
  total: string | number;
}

/**
 * Seller-bidder pairs behind the two shill-bidding signals, a page of them (most bids first):
 * (1) the bidder bid on the seller's products and both used one client address (logging in,
 * listing or bidding) since `since`; (2) at least `minBids` bids of the bidder, `minShare` of
 * them or more on one seller's products, and never a win. With their evidence.
 */
export async function signalPairs(
  db: Database,
  options: { since: Date; minBids: number; minShare: number; limit: number; offset: number },
): Promise<SignalPairRow[]> {
  const { since, minBids, minShare, limit, offset } = options;
  const { rows } = await sql<SignalPairRow>`
    with per_seller as (
      select b.user_id as bidder_id, a.owner_id as seller_id, count(*) as n, max(b.created_at) as last_bid
        from bids b join auctions a on a.id = b.auction_id
       where b.user_id <> a.owner_id
       group by b.user_id, a.owner_id
    ),
    totals as (select bidder_id, sum(n) as n from per_seller group by bidder_id),
    winners as (
      select distinct highest_bidder_id as bidder_id from auction_products where outcome = 'won'
    ),
    shared as (
      select ps.seller_id, ps.bidder_id, array_agg(distinct ca.address order by ca.address) as addresses
        from per_seller ps
        join client_addresses ca on ca.user_id = ps.bidder_id and ca.last_seen_at > ${since}
        join client_addresses cs on cs.user_id = ps.seller_id and cs.address = ca.address
                                 and cs.last_seen_at > ${since}
       where ps.last_bid > ${since}
       group by ps.seller_id, ps.bidder_id
    ),
    concentrated as (
      select ps.seller_id, ps.bidder_id
        from per_seller ps join totals t on t.bidder_id = ps.bidder_id
       where t.n >= ${minBids} and ps.n >= t.n * ${minShare}
         and not exists (select 1 from winners w where w.bidder_id = ps.bidder_id)
    ),
    pairs as (
      select seller_id, bidder_id from shared union select seller_id, bidder_id from concentrated
    )
    select p.seller_id, s.username as seller_username, p.bidder_id, u.username as bidder_username,
           sh.addresses as shared_addresses, ps.n as bids_to_seller, t.n as bids_total,
           exists (select 1 from winners w where w.bidder_id = p.bidder_id) as ever_won,
           exists (select 1 from confirmed_pairs cp
                    where cp.seller_id = p.seller_id and cp.bidder_id = p.bidder_id) as confirmed,
           count(*) over () as total
      from pairs p
      join users s on s.id = p.seller_id
      join users u on u.id = p.bidder_id
      join per_seller ps on ps.seller_id = p.seller_id and ps.bidder_id = p.bidder_id
      join totals t on t.bidder_id = p.bidder_id
      left join shared sh on sh.seller_id = p.seller_id and sh.bidder_id = p.bidder_id
     order by ps.n desc, p.seller_id, p.bidder_id
     limit ${limit} offset ${offset}
  `.execute(db);
  return rows;
}

/** The seller's products each bidder bid on (newest bid first), for a page of pairs. */
export async function pairProducts(db: Database, pairs: Array<{ seller_id: number; bidder_id: number }>) {
  if (pairs.length === 0) return [];
  const { rows } = await sql<{
    seller_id: number;
    bidder_id: number;
    id: number;
    name: string;
    status: string;
    taken_down_at: Date | null;
  }>`
    select distinct on (a.owner_id, b.user_id, p.id) a.owner_id as seller_id, b.user_id as bidder_id,
           p.id, p.name, p.status, p.taken_down_at
      from bids b
      join auctions a on a.id = b.auction_id
      join products p on p.id = b.product_id
     where (a.owner_id, b.user_id) in (${sql.join(pairs.map((x) => sql`(${x.seller_id}, ${x.bidder_id})`))})
     order by a.owner_id, b.user_id, p.id
  `.execute(db);
  return rows;
}

/**
 * The bidder's bids on the seller's running auctions, race by race (auction, product), locked
 * as a bid's decision locks its race.
 */
export async function lockRunningRaces(trx: Database, sellerId: number, bidderId: number) {
  const { rows } = await sql<{ auction_id: number; product_id: number }>`
    select ap.auction_id, ap.product_id
      from auction_products ap
      join auctions a on a.id = ap.auction_id
     where a.owner_id = ${sellerId} and a.status = 'active' and ap.outcome is null
       and exists (select 1 from bids b where b.auction_id = ap.auction_id and b.product_id = ap.product_id
                   and b.user_id = ${bidderId})
     order by ap.auction_id, ap.product_id
     for update of ap
  `.execute(trx);
  return rows;
}
