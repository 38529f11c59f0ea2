import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, type EndpointErrorCode, endpointUrl } from './endpoint.ts';

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

describe('EndpointErrorCode', () => {
  const refusing = defineEndpoint({ ...example, errorCodes: ['THING_GONE'] });
  const retried = defineEndpoint({ ...refusing, method: 'POST', idempotent: true });

  it("is the endpoint's own codes and the platform's, the idempotency ones only where it takes a key", () => {
    type Refusing = EndpointErrorCode<typeof refusing>;
    expectTypeOf<'THING_GONE' | 'VALIDATION_FAILED' | 'UNAUTHORIZED'>().toExtend<Refusing>();
    expectTypeOf<'IDEMPOTENCY_KEY_REUSED'>().not.toExtend<Refusing>();
    expectTypeOf<'OTHER_CODE'>().not.toExtend<Refusing>();
    expectTypeOf<'THING_GONE' | 'IDEMPOTENCY_KEY_REUSED'>().toExtend<EndpointErrorCode<typeof retried>>();
    // A handler's generic refusals are declared, not given.
    expectTypeOf<'NOT_FOUND'>().not.toExtend<EndpointErrorCode<typeof example>>();
    expect(refusing.errorCodes).toEqual(['THING_GONE']);
  });
});
