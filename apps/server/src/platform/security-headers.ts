import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { APP_CODE_LOADER_CSP } from './deferred-app-code.ts';

/**
 * Helmet's security headers on every answer. They depend on nothing in the request (the CSP has
 * no nonce), so helmet runs once, here, against a response that only records what it sets, and
 * every answer gets the recorded headers. The Fastify wrapper builds the middleware (and parses
 * the whole CSP) again for every request, and even built once its twelve middlewares per request
 * cost a read served from memory about a twentieth of its time.
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
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
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
