import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './2026-11-22T0001-initial-schema.ts';
import * as referenceData from './2026-11-22T0002-reference-data.ts';
import * as paymentsStatusNote from './2026-11-22T0400-payments-status-note.ts';
import * as searchIndexes from './2026-11-22T0500-search-indexes.ts';
import * as usersPasswordChangedAt from './2026-11-22T0600-users-password-changed-at.ts';
import * as usersTokenVersion from './2026-11-23T0150-users-token-version.ts';
import * as deliveryHeldPayouts from './2026-11-23T0300-delivery-held-payouts.ts';
import * as ratings from './2026-11-23T0301-ratings.ts';
import * as secondChance from './2026-11-23T0302-second-chance.ts';
import * as refunds from './2026-11-23T0303-refunds.ts';
import * as biddingSoftCloseProxyWatchlist from './2026-11-23T0400-bidding-soft-close-proxy-watchlist.ts';
import * as auctionListVersion from './2026-11-24T0100-auction-list-version.ts';
import * as raceStamp from './2026-11-25T0100-race-stamp.ts';
import * as wholePesos from './2026-11-26T0100-whole-pesos.ts';
import * as userSessions from './2026-11-26T0200-user-sessions.ts';
import * as idempotencyKeys from './2026-11-26T0300-idempotency-keys.ts';
import * as operatorConsole from './2026-11-26T0400-operator-console.ts';
import * as questions from './2026-11-26T0500-questions.ts';
import * as productAttributes from './2026-11-26T0600-product-attributes.ts';
import * as claimsTracking from './2026-11-26T0700-claims-tracking.ts';
import * as mailOutbox from './2026-11-26T1000-mail-outbox.ts';
import * as savedSearches from './2026-11-26T1100-saved-searches.ts';
import * as catalogListing from './2026-11-26T1200-catalog-listing.ts';
import * as mailHotPath from './2026-11-27T0100-mail-hot-path.ts';
import * as listingUpkeepCheap from './2026-11-27T0200-listing-upkeep-cheap.ts';
import * as searchWordsGist from './2026-11-27T0200-search-words-gist.ts';
import * as catalogVersion from './2026-11-27T0300-catalog-version.ts';
import * as catalogListingEnd from './2026-11-27T0700-catalog-listing-end.ts';
import * as searchDocuments from './2026-11-27T1130-search-documents.ts';
import * as moneyReconciles from './2026-12-01T1000-money-reconciles.ts';
import * as accountRecovery from './2026-12-01T1100-account-recovery.ts';
import * as twoFactor from './2026-12-01T1200-two-factor.ts';
import * as productImages from './2026-12-01T1400-product-images.ts';
import * as webPush from './2026-12-01T1700-web-push.ts';
import * as trust from './2026-12-02T0200-trust.ts';
import * as offers from './2026-12-02T0300-offers.ts';
import * as vacation from './2026-12-02T0400-vacation.ts';
import * as follows from './2026-12-03T0100-follows.ts';
import * as combinedPayments from './2026-12-03T0200-combined-payments.ts';
import * as notificationRules from './2026-12-03T0300-notification-rules.ts';
import * as browseAtScale from './2026-12-03T0400-browse-at-scale.ts';
import * as bidsHotUpdates from './2026-12-03T1700-bids-hot-updates.ts';
import * as searchLookups from './2026-12-03T1800-search-lookups.ts';
import * as listingWords from './2026-12-04T1000-listing-words.ts';

/**
 * Every migration, by sortable name. Add new files here; never edit one that has landed.
 * Listed statically (not read from disk) so the same set runs from source and from any bundle.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0001-initial-schema': initialSchema,
  '2026-11-22T0002-reference-data': referenceData,
  '2026-11-22T0400-payments-status-note': paymentsStatusNote,
  '2026-11-22T0500-search-indexes': searchIndexes,
  '2026-11-22T0600-users-password-changed-at': usersPasswordChangedAt,
  '2026-11-23T0150-users-token-version': usersTokenVersion,
  '2026-11-23T0300-delivery-held-payouts': deliveryHeldPayouts,
  '2026-11-23T0301-ratings': ratings,
  '2026-11-23T0302-second-chance': secondChance,
  '2026-11-23T0303-refunds': refunds,
  '2026-11-23T0400-bidding-soft-close-proxy-watchlist': biddingSoftCloseProxyWatchlist,
  '2026-11-24T0100-auction-list-version': auctionListVersion,
  '2026-11-25T0100-race-stamp': raceStamp,
  '2026-11-26T0100-whole-pesos': wholePesos,
  '2026-11-26T0200-user-sessions': userSessions,
  '2026-11-26T0300-idempotency-keys': idempotencyKeys,
  '2026-11-26T0500-questions': questions,
  '2026-11-26T0400-operator-console': operatorConsole,
  '2026-11-26T0600-product-attributes': productAttributes,
  '2026-11-26T0700-claims-tracking': claimsTracking,
  '2026-11-26T1000-mail-outbox': mailOutbox,
  '2026-11-26T1100-saved-searches': savedSearches,
  '2026-11-26T1200-catalog-listing': catalogListing,
  '2026-11-27T0100-mail-hot-path': mailHotPath,
  '2026-11-27T0200-listing-upkeep-cheap': listingUpkeepCheap,
  '2026-11-27T0200-search-words-gist': searchWordsGist,
  '2026-11-27T0300-catalog-version': catalogVersion,
  '2026-11-27T0700-catalog-listing-end': catalogListingEnd,
  '2026-11-27T1130-search-documents': searchDocuments,
  '2026-12-01T1000-money-reconciles': moneyReconciles,
  '2026-12-01T1100-account-recovery': accountRecovery,
  '2026-12-01T1200-two-factor': twoFactor,
  '2026-12-01T1400-product-images': productImages,
  '2026-12-01T1700-web-push': webPush,
  '2026-12-02T0200-trust': trust,
  '2026-12-02T0300-offers': offers,
  '2026-12-02T0400-vacation': vacation,
  '2026-12-03T0100-follows': follows,
  '2026-12-03T0200-combined-payments': combinedPayments,
  '2026-12-03T0300-notification-rules': notificationRules,
  '2026-12-03T0400-browse-at-scale': browseAtScale,
  '2026-12-03T1700-bids-hot-updates': bidsHotUpdates,
  '2026-12-03T1800-search-lookups': searchLookups,
  '2026-12-04T1000-listing-words': listingWords,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
