import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const ENDPOINTS_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/].+\.endpoints\.ts$/;

/**
 * What the browser needs of a declared call: where to send it, whether it needs a token, and
 * whether it is safe to retry (then the client sends an Idempotency-Key).
 */
export function routeOf(endpoint: { method: string; path: string; auth: string; idempotent?: boolean }) {
  return {
    method: endpoint.method,
    path: endpoint.path,
    auth: endpoint.auth,
    ...(endpoint.idempotent ? { idempotent: true } : {}),
  };
}

/**
 * In the browser build, each contracts `*.endpoints.ts` module becomes its `*Endpoints` groups
 * reduced to method, path, auth and (when set) idempotent. The declarations' zod schemas are what the server validates
 * and serializes with; the client only builds URLs from them (its types still come from the full
 * declarations, checked by tsc), so without this every page that calls the API would load zod.
 * The module is evaluated in Node at build time, so the routes are the declarations' own.
 */
export function routeOnlyEndpoints(): Plugin {
  return {
    name: 'route-only-endpoints',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!ENDPOINTS_MODULE.test(id)) return null;
      const module: Record<string, unknown> = await tsImport(pathToFileURL(id).href, import.meta.url);
      const lines: string[] = [];
      for (const [name, group] of Object.entries(module)) {
        if (!name.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
        const routes = Object.fromEntries(
          Object.entries(group).map(([key, endpoint]) => [key, routeOf(endpoint)]),
        );
        lines.push(`export const ${name} = ${JSON.stringify(routes)};`);
      }
      return lines.join('\n');
    },
  };
}
