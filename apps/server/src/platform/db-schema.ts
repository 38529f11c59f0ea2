import type {
  EmailChangeTokensTable,
  PasswordResetRequestsTable,
  PasswordResetTokensTable,
  SecurityEventsTable,
} from './db-schema/account-recovery.ts';
import type {
  EmailOptOutsTable,
  InvitationsTable,
  LoginAttemptsTable,
  SavedSearchesTable,
  UserSessionsTable,
  UsersTable,
} from './db-schema/accounts.ts';
import type { ClaimMessagesTable, ClaimsTable, RatingsTable } from './db-schema/aftersale.ts';
import type {
  AuctionProductsTable,
  AuctionsTable,
  BidCeilingsTable,
  BidsTable,
} from './db-schema/auctions.ts';
import type {
  AuctionSearchTable,
  BrandsTable,
  CategoriesTable,
  ImagesTable,
  ProductImagesTable,
  ProductSearchTable,
  ProductsTable,
  QuestionsTable,
  ScalesTable,
  SearchWordsTable,
  SellerBlocksTable,
  UserSearchTable,
  WatchlistTable,
} from './db-schema/catalog.ts';
import type { CombinedPaymentItemsTable, CombinedPaymentsTable } from './db-schema/combined.ts';
import type { OffersTable, SellerFollowsTable } from './db-schema/deals.ts';
import type {
  BanksTable,
  DocumentTypesTable,
  PaymentEventsTable,
  PaymentsTable,
  PayoutsTable,
  RefundsTable,
  SellerBankAccountsTable,
  ShippingAddressesTable,
} from './db-schema/payments.ts';
import type {
  ChangeVersionsTable,
  IdempotencyKeysTable,
  MailOutboxTable,
  NotificationRulesTable,
  NotificationsTable,
  OperatorAuditTable,
  ReportsTable,
} from './db-schema/platform.ts';
import type { PushOptOutsTable, PushOutboxTable, PushSubscriptionsTable } from './db-schema/push.ts';
import type {
  LoginChallengesTable,
  PasskeysTable,
  UserRecoveryCodesTable,
  UserTotpTable,
  WebauthnChallengesTable,
} from './db-schema/second-factors.ts';
import type { ClientAddressesTable, ConfirmedPairsTable, UnpaidStrikesTable } from './db-schema/trust.ts';

/**
 * Table types for Kysely, one file per area under db-schema/. Money columns are integer
 * centavos; the API speaks pesos.
 */
export type * from './db-schema/account-recovery.ts';
export type * from './db-schema/accounts.ts';
export type * from './db-schema/aftersale.ts';
export type * from './db-schema/auctions.ts';
export type * from './db-schema/catalog.ts';
export type * from './db-schema/combined.ts';
export type * from './db-schema/deals.ts';
export type * from './db-schema/payments.ts';
export type * from './db-schema/platform.ts';
export type * from './db-schema/push.ts';
export type * from './db-schema/second-factors.ts';
export type * from './db-schema/trust.ts';

export interface DB {
  users: UsersTable;
  login_attempts: LoginAttemptsTable;
  user_sessions: UserSessionsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  categories: CategoriesTable;
  brands: BrandsTable;
  scales: ScalesTable;
  images: ImagesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  auctions: AuctionsTable;
  auction_products: AuctionProductsTable;
  bids: BidsTable;
  bid_ceilings: BidCeilingsTable;
  watchlist: WatchlistTable;
  notifications: NotificationsTable;
  notification_rules: NotificationRulesTable;
  payments: PaymentsTable;
  combined_payments: CombinedPaymentsTable;
  combined_payment_items: CombinedPaymentItemsTable;
  payment_events: PaymentEventsTable;
  payouts: PayoutsTable;
  ratings: RatingsTable;
  questions: QuestionsTable;
  seller_blocks: SellerBlocksTable;
  refunds: RefundsTable;
  banks: BanksTable;
  document_types: DocumentTypesTable;
  seller_bank_accounts: SellerBankAccountsTable;
  shipping_addresses: ShippingAddressesTable;
  product_search: ProductSearchTable;
  search_words: SearchWordsTable;
  user_search: UserSearchTable;
  auction_search: AuctionSearchTable;
  change_versions: ChangeVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
  invitations: InvitationsTable;
  reports: ReportsTable;
  operator_audit: OperatorAuditTable;
  claims: ClaimsTable;
  claim_messages: ClaimMessagesTable;
  mail_outbox: MailOutboxTable;
  email_opt_outs: EmailOptOutsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_opt_outs: PushOptOutsTable;
  push_outbox: PushOutboxTable;
  saved_searches: SavedSearchesTable;
  offers: OffersTable;
  seller_follows: SellerFollowsTable;
  unpaid_strikes: UnpaidStrikesTable;
  client_addresses: ClientAddressesTable;
  confirmed_pairs: ConfirmedPairsTable;
  password_reset_requests: PasswordResetRequestsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_change_tokens: EmailChangeTokensTable;
  security_events: SecurityEventsTable;
}
