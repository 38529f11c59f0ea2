import { type ComponentType, lazy, useState } from 'react';
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { usePrefetchPageData } from './prefetch-page-data.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { notFoundPage, type PageRoute, protectedPages, publicPages } from './route-table.ts';

// One lazy chunk per route module.
const modules = import.meta.glob<{ Component: ComponentType }>('./routes/**/*.tsx');

// Pages whose code has loaded, by module: these render at once, without a trip through Suspense.
const loadedPages = new Map<string, ComponentType>();

/**
 * The routes of the page table for `useRoutes` (React Router's declarative mode), not a data
 * router: the app loads no data through the router, and the data router's code was a sixth of
 * the first page's JavaScript. A page's code loads when it is first shown, or before the first
 * render for the first address (`preloadPage`).
 */
function toRoute({ path, index, module }: PageRoute): RouteObject {
  const load = modules[`./routes/${module}`];
  if (!load) throw new Error(`no route module ${module}`);
  const loadPage = () =>
    load().then(({ Component }) => {
      loadedPages.set(module, Component);
      return Component;
    });
  const LazyPage = lazy(() => loadPage().then((Component) => ({ default: Component })));
  function Page() {
    // Chosen once per mount: a page shown through the lazy one stays it (switching would remount it).
    const [Loaded] = useState(() => loadedPages.get(module));
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  const handle: PageHandle = { load: loadPage };
  return index ? { index: true, element: <Page />, handle } : { path, element: <Page />, handle };
}

interface PageHandle {
  load: () => Promise<ComponentType>;
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

/**
 * Loads the code of the page `pathname` shows, for the app's first render: with it the render
 * shows the page instead of the layout's loading fallback first. A failure is left to the render.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageHandle | undefined;
  return handle ? handle.load().catch(() => undefined) : Promise.resolve();
}

/** Every page, inside the layout; the outer boundary catches a failing layout. */
export function AppRoutes() {
  const { pathname } = useLocation();
  usePrefetchPageData();
  const shown = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{shown}</RouteErrorBoundary>;
}
