import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * Problems of the recommended rules that the document keeps on purpose, each by rule and place:
 * existing clients call these two addresses with their trailing slash.
 */
const WAIVED = [
  {
    rule: 'no-path-trailing-slash',
    pointer: '#/paths/~1api~1shipping-addresses~1',
    reason: 'a call existing clients make',
  },
  {
    rule: 'no-path-trailing-slash',
    pointer: '#/paths/~1api~1sellers-banks~1get_by_seller_id~1',
    reason: 'a call existing clients make',
  },
];

let t: TestApp;
let source: string;
beforeAll(async () => {
  t = await startTestApp();
  source = await (await fetch(`${t.url}/api/openapi.json`)).text();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it("has no error under Redocly's recommended rules, but the waived ones", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .filter((p) => !WAIVED.some((w) => w.rule === p.ruleId && w.pointer === p.location[0]?.pointer))
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('names every operation once, with no wildcard parameter and only API paths', () => {
    const document = JSON.parse(source) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.includes('*') || !path.startsWith('/api/'))).toEqual([]);
    expect(paths).toContain('/api/auctions/search/{term}');
  });
});
