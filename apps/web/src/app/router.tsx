import { type ComponentType, lazy } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { paths } from '../config/paths.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * A route's page, loaded when the route is first shown; each route module exports `Component`.
 * Routes are declared for `useRoutes` (React Router's declarative mode), not a data router: the
 * app loads no data through the router, and the data router's code was a sixth of the first
 * page's JavaScript.
 */
function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return <Page />;
}

// Every route of the product, each page in a chunk of its own.
const publicRoutes: RouteObject[] = [
  { index: true, element: page(() => import('./routes/home.tsx')) },
  { path: paths.auctions.path, element: page(() => import('./routes/auctions/auction-list.tsx')) },
  { path: paths.products.path, element: page(() => import('./routes/products/seller-products.tsx')) },
  { path: paths.seller.path, element: page(() => import('./routes/users/public-profile.tsx')) },
  { path: paths.publicProfile.path, element: page(() => import('./routes/users/public-profile.tsx')) },
  { path: paths.userProfile.path, element: page(() => import('./routes/users/public-profile.tsx')) },
  { path: paths.search.path, element: page(() => import('./routes/search/search.tsx')) },
  { path: paths.login.path, element: page(() => import('./routes/auth/login.tsx')) },
  { path: paths.register.path, element: page(() => import('./routes/auth/register.tsx')) },
  // No flag in the route table: allowed by default; the pages themselves ask for login.
  { path: paths.notifications.path, element: page(() => import('./routes/notifications/notifications.tsx')) },
  { path: paths.payment.path, element: page(() => import('./routes/payments/payment-result.tsx')) },
  { path: paths.wonAuctions.path, element: page(() => import('./routes/auctions/won-auctions.tsx')) },
];

const protectedRoutes: RouteObject[] = [
  { path: paths.profile.path, element: page(() => import('./routes/users/profile.tsx')) },
  { path: paths.productAuction.path, element: page(() => import('./routes/auctions/product-auction.tsx')) },
  { path: paths.auctionProducts.path, element: page(() => import('./routes/auctions/auction-products.tsx')) },
  { path: paths.createAuction.path, element: page(() => import('./routes/auctions/create-auction.tsx')) },
  { path: paths.myAuctions.path, element: page(() => import('./routes/auctions/my-auctions.tsx')) },
  { path: paths.createProduct.path, element: page(() => import('./routes/products/create-product.tsx')) },
  { path: paths.sellerPayments.path, element: page(() => import('./routes/payments/seller-payments.tsx')) },
  {
    path: paths.shippingAddresses.path,
    element: page(() => import('./routes/shipping/shipping-addresses.tsx')),
  },
  { path: paths.soldProducts.path, element: page(() => import('./routes/products/sold-products.tsx')) },
  { path: paths.purchases.path, element: page(() => import('./routes/shipping/purchases.tsx')) },
  { path: paths.buyProduct.path, element: page(() => import('./routes/products/buy-product.tsx')) },
  { path: paths.product.path, element: page(() => import('./routes/products/product-detail.tsx')) },
  { path: paths.watchlist.path, element: page(() => import('./routes/watchlist/watchlist.tsx')) },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
      { path: '*', element: page(() => import('./routes/not-found.tsx')) },
    ],
  },
];

/** Every page, inside the layout; the outer boundary catches a failing layout. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const shown = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{shown}</RouteErrorBoundary>;
}
