import { bumpChangeVersion } from './bump-change-version.ts';
import { catalogFacetCountsFromListing } from './catalog-facet-counts-from-listing.ts';
import { catalogListingFromAuction } from './catalog-listing-from-auction.ts';
import { catalogListingFromAuctionProduct } from './catalog-listing-from-auction-product.ts';
import { catalogListingFromProduct } from './catalog-listing-from-product.ts';
import { catalogListingFromSearch } from './catalog-listing-from-search.ts';
import { catalogListingRefresh } from './catalog-listing-refresh.ts';
import { catalogListingWordsFromListing } from './catalog-listing-words-from-listing.ts';
import { catalogPriceBand } from './catalog-price-band.ts';
import { catalogWordProducts } from './catalog-word-products.ts';
import { catalogWordsOf } from './catalog-words-of.ts';
import type { DbFunction } from './db-function.ts';
import { mailDeliverable } from './mail-deliverable.ts';
import { mailEnqueueNotification } from './mail-enqueue-notification.ts';
import { mailPreferenceOf } from './mail-preference-of.ts';
import { mailThrottleKey } from './mail-throttle-key.ts';
import { operatorAuditAppendOnly } from './operator-audit-append-only.ts';
import { payoutsStampPayable } from './payouts-stamp-payable.ts';
import { productFirstPhoto } from './product-first-photo.ts';
import { productSearchDocument } from './product-search-document.ts';
import { productSearchRefresh } from './product-search-refresh.ts';
import { productSearchRefreshNames } from './product-search-refresh-names.ts';
import { pushEnqueueNotification } from './push-enqueue-notification.ts';
import { pushForgetEndedSession } from './push-forget-ended-session.ts';
import { searchDocumentsFromRow } from './search-documents-from-row.ts';
import { searchNormalize } from './search-normalize.ts';
import { searchWordsAdd } from './search-words-add.ts';
import { searchWordCandidates, searchWordsLookup } from './search-words-lookup.ts';

/**
 * Every database function the triggers run (and the functions they call), one file each, with
 * its current definition and the triggers that call it: what a table does on write is read here
 * instead of replayed from the migrations.
 *
 * The rule: a function or trigger is changed by a new migration (migrations stay self-contained
 * and never import these files), and the same change is made in its file here. The test
 * test/architecture/db-functions.test.ts migrates a fresh database and fails on any function of
 * the public schema or user trigger whose definition differs from its file, and on one that is
 * missing on either side. The data some functions read (the notification rules) is written
 * from TypeScript after every migration run (notification-rules.ts).
 */
export const dbFunctions: DbFunction[] = [
  bumpChangeVersion,
  catalogListingFromAuction,
  catalogListingFromAuctionProduct,
  catalogListingFromProduct,
  catalogListingFromSearch,
  catalogListingRefresh,
  catalogListingWordsFromListing,
  catalogFacetCountsFromListing,
  catalogPriceBand,
  catalogWordProducts,
  catalogWordsOf,
  mailDeliverable,
  mailEnqueueNotification,
  mailPreferenceOf,
  mailThrottleKey,
  operatorAuditAppendOnly,
  payoutsStampPayable,
  productFirstPhoto,
  productSearchDocument,
  productSearchRefresh,
  productSearchRefreshNames,
  pushEnqueueNotification,
  pushForgetEndedSession,
  searchDocumentsFromRow,
  searchNormalize,
  searchWordsAdd,
  searchWordsLookup,
  searchWordCandidates,
];
