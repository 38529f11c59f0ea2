import { type ComponentType, lazy, useState } from 'react';
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { paths } from '../config/paths.ts';
import { authStorage } from '../lib/auth-storage.ts';
import { usePrefetchPageData } from './prefetch-page-data.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { notFoundPage, type PageRoute, protectedPages, publicPages } from './route-table.ts';

// One lazy chunk per route module.
// A module may also export `preload`: the code its page shows for an address's query, which a
// server render needs before it renders (it cannot wait for a lazy part).
interface PageModule {
  Component: ComponentType;
  preload?: (params: URLSearchParams) => Promise<unknown>;
}
const modules = import.meta.glob<PageModule>('./routes/**/*.tsx');

// Pages whose code has loaded, by module: these render at once, without a trip through Suspense.
const loadedPages = new Map<string, ComponentType>();

/**
 * The routes of the page table for `useRoutes` (React Router's declarative mode), not a data
 * router: the app loads no data through the router, and the data router's code was a sixth of
 * the first page's JavaScript. A page's code loads when it is first shown, or before the first
 * render for the first address (`preloadPage`).
 */
function toRoute({ path, index, module }: PageRoute, needsSession = false): RouteObject {
  const load = modules[`./routes/${module}`];
  if (!load) throw new Error(`no route module ${module}`);
  const loadModule = () =>
    load().then((page) => {
      loadedPages.set(module, page.Component);
      return page;
    });
  const LazyPage = lazy(() => loadModule().then((page) => ({ default: page.Component })));
  function Page() {
    // Chosen once per mount: a page shown through the lazy one stays it (switching would remount it).
    const [Loaded] = useState(() => loadedPages.get(module));
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  const handle: PageHandle = { load: loadModule, needsSession };
  return index ? { index: true, element: <Page />, handle } : { path, element: <Page />, handle };
}

interface PageHandle {
  load: () => Promise<PageModule>;
  /** Shown only with a session: without one the visitor is sent to the login. */
  needsSession: boolean;
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicPages.map((page) => toRoute(page)),
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: protectedPages.map((page) => toRoute(page, true)),
      },
      toRoute(notFoundPage),
    ],
  },
];

/**
 * Loads the code of the page `pathname` shows, for the app's first render: with it the render
 * shows the page instead of the layout's loading fallback first. A failure is left to the render.
 */
export function preloadPage(pathname: string, params?: URLSearchParams): Promise<unknown> {
  const handleOf = (address: string) =>
    matchRoutes(routes, address)?.at(-1)?.route.handle as PageHandle | undefined;
  let handle = handleOf(pathname);
  // Without a session a protected page's first render sends the visitor to the login: its code,
  // not the page's, is what that render needs (else it waits for it after the redirect).
  if (handle?.needsSession && authStorage.getToken() === null) handle = handleOf(paths.login.path);
  if (!handle) return Promise.resolve();
  return handle
    .load()
    .then((page) => (params && page.preload ? page.preload(params) : undefined))
    .catch(() => undefined);
}

/** Every page, inside the layout; the outer boundary catches a failing layout. */
export function AppRoutes() {
  const { pathname } = useLocation();
  usePrefetchPageData();
  const shown = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{shown}</RouteErrorBoundary>;
}
