import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** After the sale: ratings and claims. */

/** A buyer's rating of the seller for one delivered purchase (migration T0301). */
export interface RatingsTable {
  id: Generated<number>;
  payment_id: string;
  product_id: number;
  seller_id: number;
  buyer_id: number;
  score: number;
  comment: string | null;
  created_at: CreatedAt;
}

/** A buyer's claim about one purchase (migration 2026-11-26T0700). */
export interface ClaimsTable {
  id: Generated<number>;
  payment_id: string;
  product_id: number;
  buyer_id: number;
  seller_id: number;
  reason: 'no_llego' | 'no_coincide' | 'danado';
  description: string;
  status: Generated<'open' | 'escalated' | 'refunded' | 'released'>;
  opened_at: Timestamp;
  seller_respond_by: Timestamp;
  escalated_at: Timestamp | null;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  resolution_note: string | null;
  updated_at: Timestamp;
}

export interface ClaimMessagesTable {
  id: Generated<number>;
  claim_id: number;
  author_id: number;
  author_role: 'buyer' | 'seller' | 'operator';
  text: string;
  created_at: Timestamp;
}
