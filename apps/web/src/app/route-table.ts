import { paths } from '../config/paths.ts';

/** A page: its address (or the index) and its module under src/app/routes, which exports `Component`. */
export interface PageRoute {
  path?: string;
  index?: true;
  module: string;
  /** Parts the page loads on demand but shows at once for some addresses. */
  parts?: PagePart[];
}

/**
 * A part of a page in a chunk of its own (a lazily loaded tab) that the page shows at once when
 * the address's query has `param=value`: the server names its code and styles with the page's,
 * and applies its styles to a server render of that address (which is drawn with the part).
 */
interface PagePart {
  param: string;
  value: string;
  /** Under src/app/routes, like the page's module. */
  module: string;
}

/**
 * Every page of the product, each in a chunk of its own. Plain data, so the build can read it
 * too: `build/route-preloads.ts` lists each page's chunks for the server to preload.
 */
export const publicPages: PageRoute[] = [
  {
    index: true,
    module: 'home.tsx',
    parts: [{ param: 'tab', value: 'marketplace', module: 'home-marketplace.tsx' }],
  },
  { path: paths.auctions.path, module: 'auctions/auction-list.tsx' },
  { path: paths.products.path, module: 'products/seller-products.tsx' },
  { path: paths.seller.path, module: 'users/public-profile.tsx' },
  { path: paths.publicProfile.path, module: 'users/public-profile.tsx' },
  { path: paths.userProfile.path, module: 'users/public-profile.tsx' },
  { path: paths.search.path, module: 'search/search.tsx' },
  { path: paths.explore.path, module: 'explore/explore.tsx' },
  { path: paths.login.path, module: 'auth/login.tsx' },
  { path: paths.register.path, module: 'auth/register.tsx' },
  // No flag in the route table: allowed by default; the pages themselves ask for login.
  { path: paths.notifications.path, module: 'notifications/notifications.tsx' },
  { path: paths.payment.path, module: 'payments/payment-result.tsx' },
  { path: paths.wonAuctions.path, module: 'auctions/won-auctions.tsx' },
  { path: paths.invite.path, module: 'auth/invite.tsx' },
  { path: paths.recover.path, module: 'auth/recover.tsx' },
  { path: paths.resetPassword.path, module: 'auth/reset-password.tsx' },
  // Works logged out too (the link may be opened on another device).
  { path: paths.confirmEmail.path, module: 'users/confirm-email.tsx' },
  { path: paths.unsubscribe.path, module: 'users/unsubscribe.tsx' },
];

/** Pages that need a session: without one, the visitor goes to the login first. */
export const protectedPages: PageRoute[] = [
  { path: paths.profile.path, module: 'users/profile.tsx' },
  { path: paths.productAuction.path, module: 'auctions/product-auction.tsx' },
  { path: paths.auctionProducts.path, module: 'auctions/auction-products.tsx' },
  { path: paths.createAuction.path, module: 'auctions/create-auction.tsx' },
  { path: paths.myAuctions.path, module: 'auctions/my-auctions.tsx' },
  { path: paths.createProduct.path, module: 'products/create-product.tsx' },
  { path: paths.sellerPayments.path, module: 'payments/seller-payments.tsx' },
  { path: paths.shippingAddresses.path, module: 'shipping/shipping-addresses.tsx' },
  { path: paths.soldProducts.path, module: 'products/sold-products.tsx' },
  { path: paths.purchases.path, module: 'shipping/purchases.tsx' },
  { path: paths.buyProduct.path, module: 'products/buy-product.tsx' },
  { path: paths.product.path, module: 'products/product-detail.tsx' },
  { path: paths.watchlist.path, module: 'watchlist/watchlist.tsx' },
  { path: paths.savedSearches.path, module: 'saved-searches/saved-searches.tsx' },
  { path: paths.offers.path, module: 'offers/offers.tsx' },
  { path: paths.questions.path, module: 'questions/questions.tsx' },
  { path: paths.admin.path, module: 'admin/admin.tsx' },
  { path: paths.claim.path, module: 'claims/claim.tsx' },
];

/** Any other address. */
export const notFoundPage: PageRoute = { path: '*', module: 'not-found.tsx' };
