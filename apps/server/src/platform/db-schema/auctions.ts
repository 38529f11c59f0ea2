import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** Auctions and their bids: each product's race, the bids and the automatic-bid ceilings. */

export type AuctionStatus = 'upcoming' | 'active' | 'ended' | 'cancelled';

export interface AuctionsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  status: Generated<AuctionStatus>;
  min_offer: Generated<number>;
  max_offer: Generated<number>;
  is_flash: Generated<boolean>;
  duration_hours: number;
  start_time: Timestamp | null;
  end_time: Timestamp | null;
  closed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A product's place in one auction; its highest bid is what concurrent bids race on. */
export interface AuctionProductsTable {
  auction_id: number;
  product_id: number;
  highest_bid: number | null;
  highest_bidder_id: number | null;
  bid_count: Generated<number>;
  /** 'won' | 'unsold' once the product closes. */
  outcome: string | null;
  /** The product's own end, moved by late bids (soft close); null while the auction has no end. */
  end_time: Timestamp | null;
  /** Replaced by every decision that writes the race (see the race-stamp migration). */
  race_stamp: Generated<number>;
}

export interface BidCeilingsTable {
  auction_id: number;
  product_id: number;
  user_id: number;
  /** The bidder's private maximum, centavos. */
  max_amount: number;
  /** Increases each time a ceiling is set: equal ceilings go to the one set first. */
  set_order: number;
  updated_at: Timestamp;
}

export interface BidsTable {
  id: Generated<number>;
  auction_id: number;
  product_id: number;
  user_id: number;
  amount: number;
  created_at: Timestamp;
  /** Placed by the server from the bidder's ceiling (proxy bid). */
  auto: Generated<boolean>;
}
