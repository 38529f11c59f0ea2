import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { APP_CODE_LOADER_CSP } from './deferred-app-code.ts';

/**
 * Helmet's security headers on every answer. The middleware is built once, here: the Fastify
 * wrapper builds it (and parses the whole CSP) again for every request, which cost a bid answer
 * about a twentieth of its time.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const apply = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
