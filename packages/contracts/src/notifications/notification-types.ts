/**
 * Every kind of in-app notification the server writes. The e-mail and push rules of each kind
 * (apps/server/src/platform/db-functions/notification-rules.ts) are keyed by this union, so a
 * new kind without its rule fails the typecheck.
 */
export type NotificationType =
  | 'outbid'
  | 'auction_won'
  | 'auction_started'
  | 'auction_ended'
  | 'item_sold'
  | 'payment_confirmed'
  | 'item_shipped'
  | 'bank_account_changed'
  | 'item_delivered'
  | 'second_chance'
  | 'payment_expired'
  | 'payment_refunded'
  | 'payment_voided'
  | 'ending_soon'
  | 'question'
  | 'question_answered'
  | 'payout_paid'
  | 'product_taken_down'
  | 'claim_opened'
  | 'claim_message'
  | 'claim_resolved'
  | 'saved_search_match'
  /** Something happened to the account's access (users/security-notices.service.ts). */
  | 'security'
  | 'offer'
  /** A seller the user follows started an auction or listed a buy-now product (follows module). */
  | 'followed_seller'
  | 'system';
