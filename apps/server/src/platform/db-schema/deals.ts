import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** More ways to deal: offers on buy-now products (migration 2026-12-01T1600). */

export type OfferStatus = 'pending' | 'countered' | 'accepted' | 'declined' | 'expired';

export interface OffersTable {
  id: Generated<number>;
  product_id: number;
  buyer_id: number;
  seller_id: number;
  /** Centavos, like every money column. */
  amount: number;
  counter_amount: number | null;
  message: string | null;
  status: Generated<OfferStatus>;
  expires_at: Timestamp;
  payment_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Following sellers (migration 2026-12-03T0100): one row per follower and seller. */
export interface SellerFollowsTable {
  follower_id: number;
  seller_id: number;
  created_at: Timestamp;
  /** The Bogotá day (YYYY-MM-DD) of the follower's last `followed_seller` notice about this seller. */
  notified_day: string | null;
}
