/**
 * The server's render of the pages people land on (built by `vite build --ssr`, loaded by the
 * API server when the web build is there): the app's own components, rendered to HTML with the
 * public API answers they show first, which go to the browser beside the HTML (its query cache
 * starts with them and hydrates instead of rendering again). Rendered as a visitor without a
 * session sees the page: the server does not know the browser's session (it lives in local
 * storage), and a visitor with one gets the app's own render instead of a hydration.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type FetchQueryOptions, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { FirstRender } from './app/first-render.tsx';
import { AppProvider } from './app/provider.tsx';
import { protectedPages } from './app/route-table.ts';
import { AppRoutes, preloadPage } from './app/router.tsx';
import type { ServerRenderState } from './app/server-render-state.ts';
import { paths } from './config/paths.ts';
import { setApiTransport } from './lib/api-client.ts';
import { createQueryClient } from './lib/react-query.ts';

/** The public pages rendered on the server; every other address gets the plain shell. */
const RENDERED = [
  paths.home.path,
  paths.auctions.path,
  paths.explore.path,
  paths.search.path,
  paths.seller.path,
  paths.publicProfile.path,
  paths.userProfile.path,
];

/** Rounds of "render, then read what the render asked for": a page's reads that need an earlier one's answer. */
const MAX_READ_ROUNDS = 3;

/**
 * The queries an address's last render read, read first the next time it is rendered: then one
 * render has its data instead of one render to find the reads and another with their answers.
 * Only a head start: whatever the render still asks for is read in rounds as the first time.
 */
const knownReads = new Map<string, FetchQueryOptions[]>();
const KNOWN_READS_MAX = 500;

export function isServerRendered(pathname: string): boolean {
  // `/seller/payments` matches `/seller/:id` too: a page that needs a session is never rendered here.
  if (protectedPages.some((page) => page.path && matchPath(page.path, pathname))) return false;
  return RENDERED.some((path) => matchPath(path, pathname));
}

/** How the render reads the API: the server's own routes, as the visitor's request. */
export type ApiRead = (path: string, init: RequestInit) => Promise<Response>;

export interface ServerRender {
  html: string;
  /** JSON of ServerRenderState. */
  state: string;
  /** Where the time went, in ms: rendering (every round) and waiting for the API reads. */
  timing: { renderMs: number; readMs: number };
  /** Whether every read the page made answered (a failed one renders its part loading). */
  complete: boolean;
}

// Each render's reads go through its own visitor's `read` (renders run concurrently).
const reads = new AsyncLocalStorage<ApiRead>();
setApiTransport((path, init) => {
  const read = reads.getStore();
  if (!read) return Promise.reject(new Error('an API read outside a server render'));
  return read(path, init);
});

/**
 * The page at `url` (path and query) as HTML for index.html's root element, with its state; or
 * undefined for a page that is not rendered on the server. `now` is the server's clock.
 */
export function render(
  url: string,
  options: { read: ApiRead; now: number },
): Promise<ServerRender | undefined> {
  const pathname = new URL(url, 'http://localhost').pathname;
  if (!isServerRendered(pathname)) return Promise.resolve(undefined);
  return reads.run(options.read, () => renderPage(url, pathname, options.now));
}

/**
 * Whether the page's render asked for this query (`enabled`, as its hook set it). A disabled one
 * (the logged-in reader's profile, their unread count) is not read: a visitor without a session
 * sees it as the browser's first render would. (Query.isDisabled() cannot tell here: a server
 * render leaves no observer subscribed.)
 */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

async function renderPage(url: string, pathname: string, now: number): Promise<ServerRender> {
  const client = createQueryClient();
  // One read per query: a failure renders as the browser's first render would (loading), and
  // the browser asks again itself.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  await preloadPage(pathname, new URL(url, 'http://localhost').searchParams);
  let renderMs = 0;
  let readMs = 0;
  const page = () => {
    const started = performance.now();
    const html = renderToString(
      <StrictMode>
        <FirstRender now={now}>
          <AppProvider client={client}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>
        </FirstRender>
      </StrictMode>,
    );
    renderMs += performance.now() - started;
    return html;
  };
  const cache = client.getQueryCache();
  const tried = new Set<string>();
  let complete = true;
  const dropFailed = () => {
    for (const query of cache.getAll())
      if (query.state.status === 'error') {
        complete = false;
        cache.remove(query);
      }
  };
  const known = knownReads.get(url);
  if (known) {
    const started = performance.now();
    await Promise.all(known.map((options) => client.prefetchQuery(options)));
    readMs += performance.now() - started;
    for (const query of cache.getAll()) tried.add(query.queryHash);
    dropFailed();
  }
  let html = page();
  // The queries a render creates are the data the page shows: read them, render again.
  for (let round = 0; round < MAX_READ_ROUNDS; round++) {
    const waiting = cache
      .getAll()
      .filter((q) => q.state.status === 'pending' && isEnabled(q) && !tried.has(q.queryHash));
    if (waiting.length === 0) break;
    for (const query of waiting) tried.add(query.queryHash);
    const started = performance.now();
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    readMs += performance.now() - started;
    dropFailed();
    html = page();
  }
  // Reads still waiting after the last round render loading too.
  if (cache.getAll().some((query) => query.state.status === 'pending' && isEnabled(query))) complete = false;
  if (knownReads.size >= KNOWN_READS_MAX) knownReads.clear();
  knownReads.set(
    url,
    cache
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => query.options as FetchQueryOptions),
  );
  const state: ServerRenderState = { now, queries: dehydrate(client) };
  return { html, state: JSON.stringify(state), timing: { renderMs, readMs }, complete };
}
