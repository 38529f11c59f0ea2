import { platformErrorCodes } from '@app/contracts';
import type { FastifyInstance } from 'fastify';

/** An error answer whose code its route's declaration does not list. */
export interface UndeclaredErrorCode {
  /** `METHOD /route/:pattern`, as the route was declared. */
  route: string;
  status: number;
  code: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The codes a route registered from a declaration may answer besides `platformErrorCodes`
     * (its `errorCodes`, and the idempotency ones where it takes a key); undefined on routes
     * that are not declared (the API reference, sockets, web pages).
     */
    errorCodes?: readonly string[];
  }
}

const platform = new Set<string>(platformErrorCodes);

function codeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Compares every error answer of a declared route with the codes it declares and tells `report`
 * of each it does not, so a declaration cannot fall behind what its handler answers (the API
 * tests fail on any). Reads the answer as it is sent, after every handler and hook: whoever
 * made the error, its code is the one the client sees.
 */
export function watchErrorCodes(app: FastifyInstance, report: (undeclared: UndeclaredErrorCode) => void) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const declared = request.routeOptions.config?.errorCodes;
    if (reply.statusCode >= 400 && declared) {
      const code = codeOf(payload);
      if (code !== undefined && !platform.has(code) && !declared.includes(code)) {
        report({ route: `${request.method} ${request.routeOptions.url}`, status: reply.statusCode, code });
      }
    }
    done(null, payload);
  });
}
