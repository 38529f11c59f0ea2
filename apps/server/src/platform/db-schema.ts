import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Money columns are integer centavos; the API speaks pesos. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
// Always written from the server clock (platform/clock.ts), never from now() in SQL.
type CreatedAt = ColumnType<Date, Date | string, never>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  bio: string | null;
  avatar: string | null;
  birth_date: string | null;
  is_seller: Generated<boolean>;
  password_changed_at: Timestamp | null;
  /** Bumped when every session ends (logout everywhere, password change): older tokens are refused. */
  token_version: Generated<number>;
  /** Runs the marketplace (operator console); set from the command line. */
  is_operator: Generated<boolean>;
  /** Suspended by an operator: no login, no bids, purchases, questions or payments. */
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One per login (device); its token carries the id. Ended by logout, or all at once with the account's version. */
export interface UserSessionsTable {
  id: string;
  user_id: number;
  user_agent: string | null;
  created_at: CreatedAt;
  /** When the session's latest token expires. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  attempted_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  icon: string;
}

export interface BrandsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
}

export interface ScalesTable {
  id: Generated<number>;
  name: string;
}

export interface ImagesTable {
  id: string;
  full_data: Uint8Array;
  thumb_data: Uint8Array;
  content_type: string;
  width: number;
  height: number;
  created_at: CreatedAt;
}

export type ProductStatus = 'available' | 'in_auction' | 'sold' | 'shipped' | 'delivered' | 'cancelled';

export interface ProductsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string;
  tags: string | null;
  year: number;
  image_id: string | null;
  reserve_price: number;
  base_price: number | null;
  can_be_bought: Generated<boolean>;
  sell_price: number | null;
  category_id: number;
  brand_id: number;
  scale_id: number | null;
  condition: string | null;
  grading_company: string | null;
  /** numeric(3,1): the drivers answer a string. */
  grading_grade: string | number | null;
  grading_certificate: string | null;
  status: Generated<ProductStatus>;
  auction_id: number | null;
  /** Taken down by an operator (status `cancelled`): gone for everyone but its owner and operators. */
  taken_down_at: Timestamp | null;
  takedown_reason: string | null;
  /** When it last became buyable as buy-now (created, or back from an auction); null for old rows. */
  available_since: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

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

export interface WatchlistTable {
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
  /** The auction whose ending_soon warning this watcher already got (once per auction). */
  ending_soon_auction_id: number | null;
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

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  message: string;
  link: string | null;
  is_read: Generated<boolean>;
  is_system: Generated<boolean>;
  created_at: Timestamp;
}

export type PaymentStatus = 'pending' | 'processing' | 'confirmed' | 'rejected' | 'expired' | 'cancelled';

export interface PaymentsTable {
  id: Generated<string>;
  kind: 'auction' | 'buy_now';
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

export type PayoutStatus = 'held' | 'payable' | 'paid';

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

/** Public questions on a listing, answered once by the product's owner (migration 2026-11-26T0500). */
export interface QuestionsTable {
  id: Generated<number>;
  product_id: number;
  seller_id: number;
  asker_id: number;
  text: string;
  created_at: CreatedAt;
  answer_text: string | null;
  answered_at: Timestamp | null;
  hidden_at: Timestamp | null;
}

/** Askers a seller no longer takes questions from. */
export interface QuestionBlocksTable {
  seller_id: number;
  blocked_user_id: number;
  created_at: CreatedAt;
}

export type RefundStatus = 'pending' | 'refunded' | 'failed';

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

/** Normalized search document of each product, kept by triggers (migration T0500). Read-only for modules. */
export interface ProductSearchTable {
  product_id: number;
  /** Copy of products.status. */
  status: ProductStatus;
  search_name: string;
  search_text: string;
}

/** Distinct words of all searchable texts, for typo lookup (migration T0500). Read-only for modules. */
export interface SearchWordsTable {
  word: string;
  key: string;
}

/** Change counters moved by triggers, read by the caches they guard (see read-cache.ts). */
export interface ChangeVersionsTable {
  name: string;
  version: number;
}

/** The first answer to each (user, Idempotency-Key) for 24 hours (platform/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** The method, path and a hash of the body: the same key with other data is refused. */
  fingerprint: string;
  completed: Generated<boolean>;
  status_code: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

/** A one-time link to choose the password of an account an operator created (hash of the token). */
export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_by: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: 'product' | 'user' | 'question';
  target_id: number;
  reason: 'fraude' | 'prohibido' | 'contacto' | 'ofensivo' | 'otro';
  comment: string | null;
  status: Generated<'open' | 'resolved'>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  resolution: 'dismiss' | 'takedown' | 'suspend' | null;
  resolution_note: string | null;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface OperatorAuditTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  note: string | null;
  created_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  login_attempts: LoginAttemptsTable;
  user_sessions: UserSessionsTable;
  categories: CategoriesTable;
  brands: BrandsTable;
  scales: ScalesTable;
  images: ImagesTable;
  products: ProductsTable;
  auctions: AuctionsTable;
  auction_products: AuctionProductsTable;
  bids: BidsTable;
  bid_ceilings: BidCeilingsTable;
  watchlist: WatchlistTable;
  notifications: NotificationsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payouts: PayoutsTable;
  ratings: RatingsTable;
  questions: QuestionsTable;
  question_blocks: QuestionBlocksTable;
  refunds: RefundsTable;
  banks: BanksTable;
  document_types: DocumentTypesTable;
  seller_bank_accounts: SellerBankAccountsTable;
  shipping_addresses: ShippingAddressesTable;
  product_search: ProductSearchTable;
  search_words: SearchWordsTable;
  change_versions: ChangeVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
  invitations: InvitationsTable;
  reports: ReportsTable;
  operator_audit: OperatorAuditTable;
  claims: ClaimsTable;
  claim_messages: ClaimMessagesTable;
  mail_outbox: MailOutboxTable;
  email_opt_outs: EmailOptOutsTable;
  saved_searches: SavedSearchesTable;
}

/** A user's saved Explorar view (migration 2026-11-26T1100). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The browse filters as validated on save (jsonb). */
  filters: unknown;
  created_at: Timestamp;
  checked_at: Timestamp;
  /** The Bogotá day (YYYY-MM-DD) of its last notification; the drivers answer a Date or a string. */
  last_notified_day: string | Date | null;
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

/** One e-mail waiting to be sent, sent, or given up (migration 2026-11-26T1000). */
export interface MailOutboxTable {
  id: Generated<string>;
  user_id: number | null;
  to_address: string;
  kind: string;
  /** The preference that turns this e-mail off; null for the ones always sent. */
  preference: string | null;
  data: Json<Record<string, unknown>>;
  dedupe_key: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  last_error: string | null;
  /** Set while the sending job holds the row (read, being sent), cleared when it is put back. */
  claimed_at: Timestamp | null;
}

/** An e-mail type a user turned off. */
export interface EmailOptOutsTable {
  user_id: number;
  preference: string;
  created_at: CreatedAt;
}
