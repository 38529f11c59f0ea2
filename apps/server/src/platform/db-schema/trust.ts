import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** Trust between buyers and sellers (migration 2026-12-01T1500). */

/** A won item its winner let expire unpaid: three uncleared within 365 days stop bidding and buying. */
export interface UnpaidStrikesTable {
  id: Generated<number>;
  user_id: number;
  /** One strike per expired won item. */
  payment_id: string;
  product_id: number;
  created_at: Timestamp;
  /** Set when an operator clears the account's strikes. */
  cleared_at: Timestamp | null;
  cleared_by: number | null;
}

export type ClientAddressKind = 'login' | 'listing' | 'bid';

/** A client address a user logged in, listed or bid from; one row per (user, kind, address). */
export interface ClientAddressesTable {
  user_id: number;
  kind: ClientAddressKind;
  address: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** A seller and a bidder an operator confirmed as one party bidding up its own lots. */
export interface ConfirmedPairsTable {
  seller_id: number;
  bidder_id: number;
  confirmed_by: number;
  confirmed_at: Timestamp;
}
