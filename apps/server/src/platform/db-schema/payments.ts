import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './columns.ts';

/** Paying: payments and the processor's events, payouts, refunds, bank accounts, shipping addresses. */

export type PaymentStatus = 'pending' | 'processing' | 'confirmed' | 'rejected' | 'expired' | 'cancelled';

export interface PaymentsTable {
  id: Generated<string>;
  /** `offer`: an accepted offer's payment (migration 2026-12-01T1600). */
  kind: 'auction' | 'buy_now' | 'offer';
  auction_id: number | null;
  product_id: number;
  buyer_id: number;
  seller_id: number;
  amount: number;
  currency: Generated<string>;
  status: Generated<PaymentStatus>;
  provider: string;
  payment_link: string | null;
  link_id: string | null;
  link_expires_at: Timestamp | null;
  provider_tx_id: string | null;
  expires_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  shipping_address: Json<unknown> | null;
  shipping_status: Generated<string>;
  shipped_at: Timestamp | null;
  /** When the buyer confirmed receipt, or the automatic delivery ran (migration T0300). */
  delivered_at: Timestamp | null;
  /** A won item offered to the next bidder after the winner did not pay (migration T0302). */
  second_chance: Generated<boolean>;
  /** Why the payment was not confirmed, for the buyer (migration T0400). */
  status_note: string | null;
  /** Set when the seller marks it shipped (migration 2026-11-26T0700). */
  carrier: string | null;
  tracking_number: string | null;
  /** When the checkout link was made, and when the processor was last asked about it. */
  link_created_at: Timestamp | null;
  provider_checked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: string | null;
  event_key: string;
  type: string;
  payload: Json<unknown>;
  received_at: Timestamp;
}

export interface PayoutsTable {
  id: Generated<string>;
  seller_id: number;
  payment_id: string;
  product_id: number;
  product_amount: number;
  commission_amount: number;
  payment_processor_fee: number;
  payable_amount: number;
  currency: Generated<string>;
  /** Held until the product is delivered, then payable (migration T0300). */
  status: Generated<PayoutStatus>;
  /** Set when the processor reports the charge voided: the payout stays held. */
  voided_at: Timestamp | null;
  /** Stamped by a trigger whenever the status becomes payable. */
  payable_since: Timestamp | null;
  /** Paid by an operator: when, and the bank transfer's reference. */
  paid_at: Timestamp | null;
  reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type PayoutStatus = 'held' | 'payable' | 'paid' | 'cancelled';

type RefundStatus = 'pending' | 'done' | 'failed';

/** A charge to give back through the processor, retried until done (migration T0303). */
export interface RefundsTable {
  id: Generated<string>;
  payment_id: string;
  /** One refund per charge: the payment and the processor's transaction id. */
  charge_key: string;
  provider: string;
  provider_tx_id: string | null;
  amount: number;
  currency: Generated<string>;
  reason: string;
  status: Generated<RefundStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  provider_refund_id: string | null;
  refunded_at: Timestamp | null;
  /** The processor accepted the request; the refund is done when it confirms the void. */
  requested_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BanksTable {
  id: Generated<number>;
  name: string;
}

export interface DocumentTypesTable {
  id: Generated<number>;
  code: string;
  label: string;
}

export interface SellerBankAccountsTable {
  id: Generated<number>;
  seller_id: number;
  bank_id: number;
  account_number: string;
  account_type: 'ahorro' | 'corriente';
  account_name: string;
  account_document_type: string;
  account_document_number: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ShippingAddressesTable {
  id: Generated<number>;
  user_id: number;
  address: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
