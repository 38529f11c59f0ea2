import { type ComponentType, lazy } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { usePrefetchPageData } from './prefetch-page-data.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { notFoundPage, type PageRoute, protectedPages, publicPages } from './route-table.ts';

// One lazy chunk per route module.
const modules = import.meta.glob<{ Component: ComponentType }>('./routes/**/*.tsx');

/**
 * The routes of the page table for `useRoutes` (React Router's declarative mode), not a data
 * router: the app loads no data through the router, and the data router's code was a sixth of
 * the first page's JavaScript. A page's code loads when it is first shown.
 */
function toRoute({ path, index, module }: PageRoute): RouteObject {
  const load = modules[`./routes/${module}`];
  if (!load) throw new Error(`no route module ${module}`);
  const Page = lazy(() => load().then((loaded) => ({ default: loaded.Component })));
  return index ? { index: true, element: <Page /> } : { path, element: <Page /> };
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicPages.map(toRoute),
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: protectedPages.map(toRoute),
      },
      toRoute(notFoundPage),
    ],
  },
];

/** Every page, inside the layout; the outer boundary catches a failing layout. */
export function AppRoutes() {
  const { pathname } = useLocation();
  usePrefetchPageData();
  const shown = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{shown}</RouteErrorBoundary>;
}
