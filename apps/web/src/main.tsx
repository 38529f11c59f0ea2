import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { applyAppStyles } from './app/app-styles.ts';
import { FirstRender } from './app/first-render.tsx';
import { prefetchPageData } from './app/prefetch-page-data.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { readServerRenderState } from './app/server-render-state.ts';
import { authStorage } from './lib/auth-storage.ts';
import { leadPainted, rememberBootLead } from './lib/boot-lead.ts';
import { createQueryClient } from './lib/react-query.ts';
import { syncServerClock } from './lib/server-clock.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/app.css';

const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const pathname = window.location.pathname;
// The server rendered this page as a visitor without a session sees it: with none here too, the
// app takes over that HTML (hydration) with the answers it was rendered with. A visitor with a
// session sees their own page (its header, their prices), rendered here as without a server render.
const served = readServerRenderState(document);
const hydrating = served !== null && authStorage.getToken() === null;

const markReady = () => {
  root.dataset.ready = 'true';
};

const app = (now?: number): ReactNode => (
  <StrictMode>
    {/* #root is marked once the first page has committed: until then a server-rendered page is
        HTML only and a tap on it does nothing, so the browser tests wait for the mark before acting. */}
    <FirstRender now={now} onPageShown={markReady}>
      <AppProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </FirstRender>
  </StrictMode>
);

/**
 * The app's first work (matching the address to its page and loading its code, asking for its
 * data, then the first render or hydration) runs in a task of its own, right after the one that
 * evaluates the app's modules: together they were one long task (100-360 ms at a phone's 4x slower
 * CPU in startup-trace, a third to half of it this work), during which the page answered nothing.
 */
function start() {
  if (hydrating) {
    hydrate(queryClient, served.queries);
    // The server's clock from its render's time, as of when its HTML arrived.
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    syncServerClock(
      new Date(served.now).toISOString(),
      performance.timeOrigin + (navigation?.responseStart ?? 0),
    );
    // The page's code first: hydrating through its lazy chunk would hold the page's HTML inert longer.
    // Hydration as a transition: React hydrates in slices of a few milliseconds and lets the browser
    // paint and answer input in between, instead of one long task for the whole page (the page is
    // already painted from the HTML, so nothing waits for it to finish at once).
    void preloadPage(pathname).then(() =>
      startTransition(() => {
        hydrateRoot(root, app(served.now), {
          // React recovers by rendering in the browser; said aloud, so that a difference between
          // the two renders is seen (the browser tests fail on it).
          onRecoverableError: (error) =>
            console.error('hydration failed, rendered in the browser instead:', error),
        });
      }),
    );
  } else {
    // The first page's data is asked for before anything renders (the render below is sliced).
    prefetchPageData(queryClient, pathname);
    rememberBootLead(document, pathname);
    // The first render as a transition: React renders it in slices and lets the browser paint and
    // answer input in between, instead of holding the main thread for the whole app at once. It
    // waits for the app's stylesheet (index.html paints its placeholder without it), the page's code
    // and the placeholder's lead image.
    void Promise.all([applyAppStyles(), preloadPage(pathname), leadPainted()]).then(() =>
      startTransition(() => {
        createRoot(root).render(app());
      }),
    );
  }
}
setTimeout(start, 0);

// After the page's load event: the worker and what it precaches are not part of the first load.
registerServiceWorker();
