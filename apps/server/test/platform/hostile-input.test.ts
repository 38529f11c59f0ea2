import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits } from '../../src/platform/body-limits.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { type RegisteredRoute, startTestApp, type TestApp } from '../support/build-app.ts';
import { concretePath, hostileBody, structuralBodies, timed, watchHealth } from '../support/hostile.ts';

/**
 * No request can hold the server: every registered route (walked, not picked by hand) gets a body
 * just under its own limit, made of the texts that made patterns backtrack, and must answer a 4xx
 * within a second while /api/health keeps answering. The health polls get 2 s: one that lands
 * while a body of megabytes is read waits behind it on a machine the other test files keep busy,
 * and a blocked event loop would hold it for many seconds.
 */
const HEALTH_WITHIN_MS = 2000;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  // The API document is built on its first request and then kept: built here, so the timings
  // below measure answering hostile input, not that one-time build on a busy machine.
  for (const doc of ['/api/openapi.json', '/api/docs/json', '/api/docs/yaml'])
    await (await fetch(t.url + doc)).text();
  ({ token } = await insertUserWithToken(t, { is_seller: true }));
});
afterAll(() => t?.close());

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('every registered route refuses a near-limit hostile body quickly', () => {
  it('walks the routes the app registered (they include login, uploads and the webhook)', () => {
    const urls = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/users/login');
    expect(urls).toContain('POST /api/products/create');
    expect(urls).toContain('POST /api/bold/webhook');
    expect(t.routes.length).toBeGreaterThan(50);
  });

  it('login takes a few KB, not a megabyte', () => {
    const login = t.routes.find((r) => r.method === 'POST' && r.url === '/api/users/login');
    expect(login?.bodyLimit).toBe(bodyLimits.small);
  });

  const endsSession = (url: string) => url === '/api/users/logout' || url === '/api/users/logout-all';
  for (const withToken of [false, true]) {
    it(`each body route answers 4xx within 1 s ${withToken ? 'with' : 'without'} a token; health keeps answering`, async () => {
      // A session of its own: logging out (last) ends it.
      const { token: session } = await insertUserWithToken(t, { is_seller: true });
      const health = watchHealth(t.url);
      const routes = t.routes
        .filter((r: RegisteredRoute) => BODY_METHODS.has(r.method))
        .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
      expect(routes.length).toBeGreaterThan(15);
      const answers: string[] = [];
      for (const route of routes) {
        const limit = route.bodyLimit ?? t.app.initialConfig.bodyLimit ?? 1024 * 1024;
        const res = await timed(t.url + concretePath(route.url), {
          method: route.method,
          headers: {
            'content-type': 'application/json',
            ...(withToken ? { authorization: `Bearer ${session}` } : {}),
          },
          body: hostileBody(limit - 256),
        });
        answers.push(`${route.method} ${route.url} ${res.status} ${Math.round(res.ms)}ms`);
        // A route whose whole input is its path ignores the body: it may well succeed.
        if (route.bodyLimit !== bodyLimits.none)
          expect(res.status, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route.method} ${route.url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.ms, `${route.method} ${route.url}`).toBeLessThan(1000);
        expect(res.text).not.toMatch(/\bat .+:\d+:\d+/);
      }
      const { slowest, failures } = await health.stop();
      expect(failures).toEqual([]);
      expect(slowest, answers.join('\n')).toBeLessThan(HEALTH_WITHIN_MS);
    });
  }

  it('bodies whose cost is their structure (deep, many values, many keys) are refused unparsed', async () => {
    const health = watchHealth(t.url);
    const routes = t.routes.filter(
      (r: RegisteredRoute) =>
        BODY_METHODS.has(r.method) && r.url.startsWith('/api/') && r.url !== '/api/bold/webhook',
    );
    const answers: string[] = [];
    for (const route of routes) {
      const limit = route.bodyLimit ?? t.app.initialConfig.bodyLimit ?? 1024 * 1024;
      // Up to 64 KB every shape parses in a moment (the test above covers those routes); the
      // product route takes megabytes for its image.
      if (limit <= 64 * 1024) continue;
      for (const [shape, body] of Object.entries(structuralBodies(limit - 256))) {
        const res = await timed(t.url + concretePath(route.url), {
          method: route.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        const label = `${route.method} ${route.url} ${shape}`;
        answers.push(`${label} ${res.status} ${Math.round(res.ms)}ms`);
        expect(res.status, label).toBe(400);
        expect(JSON.parse(res.text).message, label).toBe('Los datos enviados no son válidos.');
        expect(res.ms, label).toBeLessThan(1000);
      }
    }
    expect(answers.some((a) => a.startsWith('POST /api/products/create'))).toBe(true);
    const { slowest, failures } = await health.stop();
    expect(failures).toEqual([]);
    expect(slowest, answers.join('\n')).toBeLessThan(HEALTH_WITHIN_MS);
  });

  it('a request Node refuses itself (an over-long URL or header) still gets a Spanish body', async () => {
    const asked: Array<{ url: string; headers: Record<string, string> }> = [
      { url: `/api/auctions/list?${'a=1&'.repeat(30_000)}`, headers: {} },
      { url: '/api/health', headers: { 'x-padding': 'x'.repeat(100_000) } },
    ];
    for (const init of asked) {
      const res = await fetch(t.url + init.url, { headers: init.headers });
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({
        message: 'La solicitud es demasiado grande.',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
  });

  it('GET routes given hostile parameters and queries never fail and never stall', async () => {
    const health = watchHealth(t.url);
    const hostile = encodeURIComponent(`a@${'a.'.repeat(1500)}@`);
    for (const route of t.routes.filter((r) => r.method === 'GET')) {
      for (const auth of [undefined, token]) {
        const res = await timed(
          `${t.url}${concretePath(route.url, hostile)}?search=${hostile}&page=${hostile}&size=-1&limit=1e999`,
          { headers: auth ? { authorization: `Bearer ${auth}` } : {} },
        );
        expect(res.status, `${route.url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.ms, route.url).toBeLessThan(1000);
        // A path with a parameter named by the hostile text names nothing that exists.
        if (/:[A-Za-z]/.test(route.url)) expect(res.status, route.url).toBeGreaterThanOrEqual(400);
      }
    }
    const { slowest, failures } = await health.stop();
    expect(failures).toEqual([]);
    expect(slowest).toBeLessThan(1000);
  });
});

describe('a NUL character (PostgreSQL text cannot hold one)', () => {
  it('in a body, a nested body, a query or a path parameter is refused, never a 500', async () => {
    const nul = 'ab\u0000c';
    const answers = [
      await t.request('PUT', '/api/users/profile', { token, body: { name: nul, last_name: 'x' } }),
      await t.request('POST', '/api/shipping-addresses', {
        token,
        body: { address: nul, city: 'c', state: 's', country: 'co', postal_code: '1' },
      }),
      await t.request('POST', '/api/users/login', { body: { email: 'a@b.co', password: nul } }),
      await t.request('POST', '/api/auctions/create', { token, body: { title: 'x', deep: [[{ a: nul }]] } }),
      await t.request('GET', '/api/auctions/list?search=a%00'),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Los datos enviados no son válidos.');
    }
    const param = await t.request('GET', '/api/pending-payments/get/a%00b', { token });
    expect(param.status).toBe(404);
  });
});
