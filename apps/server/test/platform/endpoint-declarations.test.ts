import { followsEndpoints, watchlistEndpoints } from '@app/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declareRoute, useEndpointSchemas } from '../../src/platform/routes.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/** Every call the web app and outside clients make, as `METHOD path` with `{param}` placeholders. */
const SPECIFIED_CALLS = [
  'GET /api/users/public/{username}',
  'GET /api/notifications/mark_as_read/{id}',
  'GET /api/auctions/{id}/activate',
  'GET /api/auctions/get_products_by_auction_id/{id}',
  'GET /api/auctions/get_auction_product_by_id/{id}',
  'GET /api/auctions/get_auction_by_seller_id/{id}',
  'GET /api/auctions/search/{term}',
  'GET /api/bids/get_bids_by_auction/{auctionId}/{productId}',
  'GET /api/brands/{categoryId}',
  'GET /api/products/get_product/{id}',
  'PUT /api/products/update/{id}',
  'GET /api/products/get_product_buy/{id}',
  'GET /api/products/get_similar_buy_products/{id}',
  'GET /api/products/get_buy_now_products/{id}',
  'GET /api/products/get_products_by_category/{categoryId}',
  'GET /api/products/get_buy_now_products_by_user/{userId}',
  'GET /api/bold/verify/{id}',
  'GET /api/bold/create/{id}',
  'GET /api/bold/buy_product/{id}',
  'PUT /api/sellers-banks/update/{id}',
  'GET /api/pending-payments/get/{id}',
  'PUT /api/shipping-addresses/{id}',
  'DELETE /api/shipping-addresses/{id}',
];

/** Not JSON API calls: the reference itself, the live sockets, metrics and the web app. */
const OUTSIDE_THE_API = (url: string) =>
  !url.startsWith('/api/') || url === '/api/openapi.json' || url.startsWith('/api/docs');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('endpoint declarations', () => {
  it('every API route declares its answers (it is registered from a declaration)', () => {
    const undeclared = t.routes
      .filter((r) => !r.websocket && r.method !== 'HEAD' && !OUTSIDE_THE_API(r.url) && !r.declaresResponse)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(undeclared).toEqual([]);
  });

  it('the OpenAPI document lists every call clients make', async () => {
    const res = await t.request<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/openapi.json',
    );
    expect(res.status).toBe(200);
    // Parameter names are the server's own ({paymentId} where clients' docs say {id}); a trailing
    // wildcard stands for a parameter too.
    const shape = (call: string) => call.replace(/\{[^}]+\}|\*/g, '{}').replace(/\/$/, '');
    const listed = new Set(
      Object.entries(res.body.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => shape(`${method.toUpperCase()} ${path}`)),
      ),
    );
    const missing = SPECIFIED_CALLS.filter((call) => !listed.has(shape(call)));
    expect(missing).toEqual([]);
  });

  it('declared calls carry their schemas into the document', async () => {
    const res = await t.request<{ paths: Record<string, Record<string, any>> }>('GET', '/api/openapi.json');
    const add = res.body.paths['/api/watchlist/{productId}']?.post;
    expect(add.security).toEqual([{ bearer: [] }]);
    expect(add.parameters[0]).toMatchObject({ in: 'path', name: 'productId', required: true });
    expect(Object.keys(add.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'message',
      'product_id',
      'watching',
    ]);
  });

  it('each operation lists the error codes it may answer beyond the common ones', async () => {
    const res = await t.request<{ paths: Record<string, Record<string, any>> }>('GET', '/api/openapi.json');
    const follow = res.body.paths['/api/follows/{username}']?.post;
    expect(follow['x-error-codes']).toEqual([...followsEndpoints.follow.errorCodes]);
    expect(follow.description).toContain('CANNOT_FOLLOW_SELF');
    // An idempotent call also names the refusals of its Idempotency-Key.
    const bid = res.body.paths['/api/bids/create-bid']?.post;
    expect(bid['x-error-codes']).toEqual(expect.arrayContaining(['BID_REJECTED', 'IDEMPOTENCY_KEY_REUSED']));
    // Every declared operation carries the list, empty where it answers only the common codes.
    const operations = Object.values(res.body.paths).flatMap((methods) => Object.values(methods));
    expect(operations.filter((operation) => !Array.isArray(operation['x-error-codes']))).toEqual([]);
  });

  it('the reference page is served under the app security headers', async () => {
    const res = await fetch(`${t.url}/api/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('a response schema drops any field it does not declare', async () => {
    const app = Fastify();
    useEndpointSchemas(app);
    const ctx = { auth: { requireUser: async () => {}, optionalUser: async () => {} } } as never;
    declareRoute(
      app,
      ctx,
      watchlistEndpoints.list,
      {},
      async () =>
        ({
          items: [],
          server_time: '2026-11-24T00:00:00.000Z',
          // Not declared: must never reach the client.
          reserve_price: 123,
          password_hash: 'secret',
        }) as never,
    );
    const res = await app.inject({ method: 'GET', url: '/api/watchlist' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], server_time: '2026-11-24T00:00:00.000Z' });
    await app.close();
  });

  it('input that fails its declaration gets the Spanish 400 envelope', async () => {
    const { token } = await insertUserWithToken(t, { username: 'declarado' });
    const res = await t.request('POST', '/api/watchlist/abc', { token });
    expect(res.status).toBe(400);
    expect(z.object({ message: z.string(), errors: z.array(z.string()) }).parse(res.body).errors.length).toBe(
      1,
    );
    expect(res.body.message).toMatch(/[áéíóúñ]|número|válid/i);
  });
});
