import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** One checkout for several pending payments of one buyer and one seller (migration 2026-12-03T0200). */

export type CombinedPaymentStatus =
  | 'pending'
  | 'processing'
  | 'confirmed'
  | 'rejected'
  | 'expired'
  /** A newer checkout (combined or single) of one of its items took over: its link is not handed out. */
  | 'superseded'
  /** Approved by the processor but not applicable (an item no longer payable): refunded whole. */
  | 'refused';

export interface CombinedPaymentsTable {
  id: Generated<string>;
  buyer_id: number;
  seller_id: number;
  amount: number;
  currency: Generated<string>;
  provider: string;
  status: Generated<CombinedPaymentStatus>;
  payment_link: string | null;
  link_id: string | null;
  link_created_at: Timestamp | null;
  link_expires_at: Timestamp | null;
  provider_checked_at: Timestamp | null;
  provider_tx_id: string | null;
  status_note: string | null;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CombinedPaymentItemsTable {
  combined_payment_id: string;
  payment_id: string;
}
