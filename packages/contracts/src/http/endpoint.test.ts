import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpointUrl } from './endpoint.ts';

const example = defineEndpoint({
  method: 'GET',
  path: '/api/things/:thingId/:name',
  summary: 'A thing',
  tag: 'things',
  auth: 'none',
  params: z.object({ thingId: z.coerce.number(), name: z.string() }),
  responses: { 200: z.object({ id: z.number() }) },
});

describe('endpointUrl', () => {
  it('fills in encoded path parameters and the query values that are set', () => {
    expect(
      endpointUrl(
        example,
        { thingId: 7, name: 'a b/ç' },
        { page: 2, q: 'x&y', empty: undefined, none: null },
      ),
    ).toBe('/api/things/7/a%20b%2F%C3%A7?page=2&q=x%26y');
  });

  it('fills a trailing wildcard with the rest of the path, encoded', () => {
    expect(endpointUrl({ path: '/api/search/*' }, { '*': 'hot wheels/ñ' })).toBe(
      '/api/search/hot%20wheels%2F%C3%B1',
    );
  });

  it('leaves the query string out when nothing is set', () => {
    expect(endpointUrl(example, { thingId: 1, name: 'n' })).toBe('/api/things/1/n');
  });

  it('refuses to build a URL with a parameter missing', () => {
    expect(() => endpointUrl(example, { thingId: 1 } as never)).toThrow(/name/);
  });
});
