import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { APP_CODE_LOADER_CSP } from './deferred-app-code.ts';

/**
 * The API's answers (JSON, a CSV export, a download: never a page) get the part of helmet's set
 * that protects a resource rather than a document: not sniffed into a page (`nosniff`), not
 * framed and running nothing if opened directly (a CSP of `default-src 'none'`, frame-ancestors
 * none), not readable by another site's page (same-origin resource policy), HTTPS kept (HSTS).
 * The rest (the page CSP's sources, referrer, opener, DNS prefetch, download and legacy XSS
 * switches) governs documents, which is what every other path answers: the web app's pages,
 * the API reference under /api/docs, the payment sandbox. Thirteen headers instead of four cost
 * a read served from memory about a quarter of the server's time and as much of its client's
 * (CPU per request measured under the product page's load, docs/benchmarks.md).
 */
const API_PREFIX = '/api/';
const DOCUMENT_PREFIXES = ['/api/docs'];
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const API_KEPT = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];

/** Whether a request's path is an API call (its answer is never rendered as a page). */
function isApiPath(url: string): boolean {
  return url.startsWith(API_PREFIX) && !DOCUMENT_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Helmet's security headers on every answer (the API's part of them on API answers, above). They
 * depend on nothing in the request (the CSP has no nonce), so helmet runs once, here, against a
 * response that only records what it sets, and every answer gets the recorded headers. The
 * Fastify wrapper builds the middleware (and parses the whole CSP) again for every request, and
 * even built once its twelve middlewares per request cost a read served from memory about a
 * twentieth of its time.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = recordedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The one inline script: the loader of a painted page's code (deferred-app-code.ts).
          scriptSrc: ["'self'", APP_CODE_LOADER_CSP],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Avatars may be https URLs on other hosts.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          // Same origin only, sockets included ('self' covers ws:/wss: of this host in CSP 3).
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const apiHeaders: Array<[string, string]> = [
    ['content-security-policy', API_CSP],
    ...headers.filter(([name]) => API_KEPT.includes(name.toLowerCase())),
  ];
  if (apiHeaders.length !== API_KEPT.length + 1) throw new Error('helmet no longer sets the API headers');
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiPath(request.url) ? apiHeaders : headers)
      reply.raw.setHeader(name, value);
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets on a response (helmet's run synchronously). */
function recordedHeaders(middleware: Middleware): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished || headers.size === 0) throw new Error('the security headers were not recorded');
  return [...headers];
}
