import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { racesWonBy } from '../bids/bids.service.ts';

/**
 * Read model of a user's activity across products, auctions, bids and payments. It reads other
 * modules' tables on purpose: one query instead of five service round trips for a profile page.
 */
export interface UserStats {
  active_listings: number;
  products_listed: number;
  products_sold: number;
  active_auctions: number;
  auctions_won: number;
  total_bids: number;
}

export async function findUserStats(db: Database, userId: number): Promise<UserStats> {
  const row = await sql<UserStats>`
    select
      (select count(*) from products p
        where p.owner_id = ${userId} and p.status in ('available', 'in_auction'))::int as active_listings,
      (select count(*) from products p where p.owner_id = ${userId})::int as products_listed,
      (select count(*) from payments pm
        where pm.seller_id = ${userId} and pm.status = 'confirmed')::int as products_sold,
      (select count(*) from auctions a where a.owner_id = ${userId} and a.status = 'active')::int as active_auctions,
      ${racesWonBy(userId)} as auctions_won,
      (select count(*) from bids b where b.user_id = ${userId})::int as total_bids
  `.execute(db);
  return row.rows[0]!;
}
