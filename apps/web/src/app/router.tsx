import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { paths } from '../config/paths.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

// Every route of spec 2 section 2, lazy-loaded; each module exports `Component`.
const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/home.tsx') },
  { path: paths.auctions.path, lazy: () => import('./routes/auctions/auction-list.tsx') },
  { path: paths.products.path, lazy: () => import('./routes/products/seller-products.tsx') },
  { path: paths.seller.path, lazy: () => import('./routes/users/public-profile.tsx') },
  { path: paths.publicProfile.path, lazy: () => import('./routes/users/public-profile.tsx') },
  { path: paths.userProfile.path, lazy: () => import('./routes/users/public-profile.tsx') },
  { path: paths.search.path, lazy: () => import('./routes/search/search.tsx') },
  { path: paths.login.path, lazy: () => import('./routes/auth/login.tsx') },
  { path: paths.register.path, lazy: () => import('./routes/auth/register.tsx') },
  // No flag in the route table: allowed by default; the pages themselves ask for login.
  { path: paths.notifications.path, lazy: () => import('./routes/notifications/notifications.tsx') },
  { path: paths.payment.path, lazy: () => import('./routes/payments/payment-result.tsx') },
  { path: paths.wonAuctions.path, lazy: () => import('./routes/auctions/won-auctions.tsx') },
];

const protectedRoutes: RouteObject[] = [
  { path: paths.profile.path, lazy: () => import('./routes/users/profile.tsx') },
  { path: paths.productAuction.path, lazy: () => import('./routes/auctions/product-auction.tsx') },
  { path: paths.auctionProducts.path, lazy: () => import('./routes/auctions/auction-products.tsx') },
  { path: paths.createAuction.path, lazy: () => import('./routes/auctions/create-auction.tsx') },
  { path: paths.myAuctions.path, lazy: () => import('./routes/auctions/my-auctions.tsx') },
  { path: paths.createProduct.path, lazy: () => import('./routes/products/create-product.tsx') },
  { path: paths.sellerPayments.path, lazy: () => import('./routes/payments/seller-payments.tsx') },
  { path: paths.shippingAddresses.path, lazy: () => import('./routes/shipping/shipping-addresses.tsx') },
  { path: paths.soldProducts.path, lazy: () => import('./routes/products/sold-products.tsx') },
  { path: paths.purchases.path, lazy: () => import('./routes/shipping/purchases.tsx') },
  { path: paths.buyProduct.path, lazy: () => import('./routes/products/buy-product.tsx') },
  { path: paths.product.path, lazy: () => import('./routes/products/product-detail.tsx') },
  { path: paths.watchlist.path, lazy: () => import('./routes/watchlist/watchlist.tsx') },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          ...publicRoutes,
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: protectedRoutes,
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
