import { adminEndpoints } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor } from '../../factories/two-factor.ts';
import { TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { softAuthenticator } from '../../support/soft-authenticator.ts';
import { insertOperator } from './operator-support.ts';

const PUBLIC_URL = 'https://coleccionables.example';

/** A production-mode start: what a deployment runs (no test clock, full password cost). */
const production = {
  NODE_ENV: 'production',
  PAYMENTS_PROVIDER: 'bold',
  BOLD_API_KEY: 'identity-key',
  BOLD_SECRET_KEY: 'bold-secret-key',
  JWT_SECRET: 'production-secret-that-is-long-enough-0123456789',
  PUBLIC_URL,
  SMTP_URL: 'smtp://mailer:mail-password@smtp.example:587',
};

const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '1');

describe('in production an operator needs a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: production });
  }, 120_000);
  afterAll(() => t?.close());

  it('an operator with a password only gets 403 TWO_FACTOR_REQUIRED on every /api/admin call', async () => {
    const { token } = await insertOperator(t, 'operadora_sin_factor');
    const routes = t.routes.filter(
      (r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD' && !r.websocket,
    );
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(adminEndpoints).length);
    for (const route of routes) {
      const body =
        route.method === 'GET' ? undefined : { reason: 'x', note: 'x', payout_ids: [], reference: 'r' };
      const res = await t.request(route.method, concrete(route.url), { token, body });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body.code).toBe('TWO_FACTOR_REQUIRED');
      expect(res.body.message).toBe(
        'Para usar la administración activa la verificación en dos pasos o registra una llave de acceso en tu cuenta.',
      );
    }
    // The rest of the account works: the operator can go and turn it on.
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
  });

  it('two-step verification on opens the console', async () => {
    const { token } = await insertOperator(t, 'operadora_totp');
    expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(403);
    await enableTwoFactor(t, token, { moveClock: false });
    expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(200);
  });

  it('a passkey opens the console, with the relying party of PUBLIC_URL; removing it closes it again', async () => {
    const { token } = await insertOperator(t, 'operadora_llave');
    const options = await t.request('POST', '/api/users/me/passkeys/options', { token });
    expect(options.body.options.rp.id).toBe('coleccionables.example');
    // An answer signed for the address the request came from (not PUBLIC_URL) is refused.
    const wrongOrigin = await t.request('POST', '/api/users/me/passkeys', {
      token,
      body: { name: 'Llave', response: softAuthenticator(t.url).register(options.body.options) },
    });
    expect(wrongOrigin.status).toBe(400);
    const fresh = await t.request('POST', '/api/users/me/passkeys/options', { token });
    const added = await t.request('POST', '/api/users/me/passkeys', {
      token,
      body: { name: 'Llave', response: softAuthenticator(PUBLIC_URL).register(fresh.body.options) },
    });
    expect(added.status).toBe(201);
    expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(200);
    await t.request('POST', `/api/users/me/passkeys/${added.body.passkey.id}/delete`, {
      token,
      body: { current_password: TEST_PASSWORD },
    });
    expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(403);
  });
});

describe('outside production the console stays open (the page warns instead)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('an operator with a password only gets the console', async () => {
    const { token } = await insertOperator(t, 'operadora_dev');
    expect((await t.request('GET', '/api/admin/stats', { token })).status).toBe(200);
  });
});
