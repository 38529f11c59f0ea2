/**
 * The first API answer a page needs, asked for by a tiny script of its own that index.html loads
 * beside the app's code (build/early-requests.ts names it there), instead of after the app's code
 * has downloaded and run: on a phone that is most of a second earlier. The app's own request for
 * the same path and token takes the answer (src/lib/api-client.ts `takeEarlyResponse`).
 *
 * Standalone on purpose (the app imports only its types): anything imported here would be split
 * into a chunk shared with the app, one more request before either can run. The token key and the addresses are the app's
 * (auth-storage.ts, config/paths.ts, the contracts' endpoint); the tests hold them equal.
 */

/** Where the app keeps the session token in local storage. */
export const EARLY_TOKEN_KEY = 'jwt_token';

/** An early request, for `takeEarlyResponse`. */
export interface EarlyRequest {
  path: string;
  token: string;
  /** performance.now() when it was sent: an answer too old for a page's first render is dropped. */
  sentAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyRequest[];
  }
}

/**
 * The API path a page at `pathname` reads first, when it can be asked for before the app runs:
 * a product's auction page (logged in: it needs the token).
 */
export function earlyRequestPath(pathname: string): string | undefined {
  const product = /^\/auctions\/product\/(\d{1,9})\/?$/.exec(pathname);
  return product ? `/api/auctions/get_auction_product_by_id/${product[1]}` : undefined;
}

/** Sends the page's first request, as the app would (same headers, same 10 s limit). */
export function sendEarlyRequest(pathname: string, storage: Storage, target: Window): void {
  const path = earlyRequestPath(pathname);
  const token = storage.getItem(EARLY_TOKEN_KEY);
  if (!path || !token) return;
  const response = fetch(path, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  // Never an unhandled rejection: whoever takes it sees the failure.
  response.catch(() => {});
  target.__earlyRequests = [{ path, token, sentAt: performance.now(), response }];
}

/**
 * Told to the page's code loader (the server's platform/deferred-app-code.ts, which listens for
 * this name): the lead it waits to see painted will not be shown, so it asks for the code at once.
 */
const LEAD_DROPPED_EVENT = 'app:lead-dropped';

/**
 * A visitor without a session is sent to the login page from a product's auction page: the
 * product's name and image the server painted in the placeholder for it (its lead) are taken
 * away before they show, so the login page does not follow a glimpse of the product; and the
 * app's code, which waited for that image to paint, is asked for at once.
 */
export function dropLeadWithoutSession(pathname: string, storage: Storage, doc: Document): void {
  if (!earlyRequestPath(pathname) || storage.getItem(EARLY_TOKEN_KEY)) return;
  const drop = () => {
    doc.querySelector('#root .boot-main')?.replaceChildren();
    doc.dispatchEvent(new Event(LEAD_DROPPED_EVENT));
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', drop, { once: true });
  else drop();
}
