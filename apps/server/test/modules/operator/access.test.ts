import { adminEndpoints, adminMessages } from '@app/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOperatorGuard } from '../../../src/modules/operator/operator.routes.ts';
import { registerErrorHandler } from '../../../src/platform/errors.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { insertOperator } from './operator-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL of a route pattern: every `:param` becomes 1. */
const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '1');

/** Every route the app registered under /api/admin (whatever module declared it). */
const adminRoutes = () =>
  t.routes.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD' && !r.websocket);

describe('only operators run the console', () => {
  it('registers every declared /api/admin endpoint', () => {
    const registered = new Set(adminRoutes().map((r) => `${r.method} ${r.url}`));
    const declared = Object.values(adminEndpoints).map((e) => `${e.method} ${e.path}`);
    expect(declared.filter((d) => !registered.has(d))).toEqual([]);
  });

  it('answers 401 without a session and 403 to a logged-in non-operator, on every admin route', async () => {
    const { token } = await insertUserWithToken(t, { username: 'curioso', is_seller: true });
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(adminEndpoints).length);
    for (const route of routes) {
      const url = concrete(route.url);
      const body =
        route.method === 'GET' ? undefined : { reason: 'x', note: 'x', payout_ids: [], reference: 'r' };
      const anonymous = await t.request(route.method, url, { body });
      expect(anonymous.status, `${route.method} ${route.url} anonymous`).toBe(401);
      const stranger = await t.request(route.method, url, { token, body });
      expect(stranger.status, `${route.method} ${route.url} non-operator`).toBe(403);
      expect(stranger.body.message).toBe(adminMessages.operatorOnly);
    }
  });

  it('a forged token is a 401 too', async () => {
    const res = await t.request('GET', '/api/admin/stats', { token: 'not-a-token' });
    expect(res.status).toBe(401);
  });

  it('lets an operator in, and the profile says so', async () => {
    const { token } = await insertOperator(t, 'operadora_acceso');
    const stats = await t.request('GET', '/api/admin/stats?days=3', { token });
    expect(stats.status).toBe(200);
    const profile = await t.request('GET', '/api/users/profile', { token });
    expect(profile.body.is_operator).toBe(true);
  });

  it('a role taken away counts on the very next call', async () => {
    const { token, user } = await insertOperator(t, 'operador_saliente');
    expect((await t.request('GET', '/api/admin/audit', { token })).status).toBe(200);
    await t.ctx.db.updateTable('users').set({ is_operator: false }).where('id', '=', user.id).execute();
    expect((await t.request('GET', '/api/admin/audit', { token })).status).toBe(403);
    const profile = await t.request('GET', '/api/users/profile', { token });
    expect(profile.body.is_operator).toBe(false);
  });

  it('a route added under /api/admin without any check of its own is still closed', async () => {
    // Registered like a careless module would: no auth, no operator check of its own.
    const app = Fastify();
    registerErrorHandler(app);
    registerOperatorGuard(app, t.ctx);
    app.get('/api/admin/nueva', async () => ({ ok: true }));
    app.get('/api/otra', async () => ({ ok: true }));
    const stranger = await insertUserWithToken(t, { username: 'curiosa_dos' });
    const operator = await insertOperator(t, 'operador_guardia');
    const call = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await call('/api/admin/nueva')).statusCode).toBe(401);
    expect((await call('/api/admin/nueva', stranger.token)).statusCode).toBe(403);
    expect((await call('/api/admin/nueva', operator.token)).statusCode).toBe(200);
    expect((await call('/api/otra')).statusCode).toBe(200);
    await app.close();
  });
});
