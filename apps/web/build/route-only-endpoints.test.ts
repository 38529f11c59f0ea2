// @vitest-environment node
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { routeOnlyEndpoints } from './route-only-endpoints.ts';

const contractsSrc = path.resolve(import.meta.dirname, '../../../packages/contracts/src');
const endpointModules = readdirSync(contractsSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.endpoints.ts'))
  .map((file) => path.join(contractsSrc, file));

/** The module the browser build gets instead of `file`, evaluated. */
async function projected(file: string): Promise<Record<string, Record<string, unknown>>> {
  const plugin = routeOnlyEndpoints();
  const load = plugin.load as (id: string) => Promise<string | null>;
  const code = await load.call({}, file);
  if (code === null) throw new Error(`not projected: ${file}`);
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

describe('route-only endpoint modules of the browser build', () => {
  it('finds the declaration modules', () => {
    expect(endpointModules.length).toBeGreaterThanOrEqual(10);
  });

  it.each(
    endpointModules.map((file) => [path.relative(contractsSrc, file), file]),
  )('%s: every group and call, with its own method, path, auth and idempotency only', async (_name, file) => {
    const routes = await projected(file);
    expect(Object.keys(routes).length).toBeGreaterThan(0);
    for (const [group, calls] of Object.entries(routes)) {
      const declared = (contracts as unknown as Record<string, Record<string, contracts.EndpointDefinition>>)[
        group
      ];
      expect(declared, group).toBeDefined();
      expect(Object.keys(calls).sort()).toEqual(Object.keys(declared!).sort());
      for (const [key, route] of Object.entries(calls)) {
        const { method, path: url, auth, idempotent } = declared![key]!;
        // The client sends an Idempotency-Key on the calls that take one.
        expect(route).toEqual({ method, path: url, auth, ...(idempotent ? { idempotent } : {}) });
      }
    }
  });

  it('leaves every other module alone', async () => {
    const load = routeOnlyEndpoints().load as (id: string) => Promise<string | null>;
    expect(await load.call({}, path.join(contractsSrc, 'auctions/auction.schemas.ts'))).toBeNull();
  });
});
