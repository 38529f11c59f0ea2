import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const keys = {
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'AAAAAAAAAAAAAAAAAAAAAA',
};

/**
 * The server never becomes a way to reach hosts of someone's choosing: only https endpoints on
 * the push services' hosts, and never one that leads to a private or loopback address, even when
 * the name is on the list (`localhost` here stands for a listed name that resolves inside).
 */
describe('push endpoints the server refuses', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        PUSH_ENDPOINT_HOSTS:
          'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com,localhost,127.0.0.1,10.1.2.3,::1',
      },
    });
    token = (await insertUserWithToken(t, { username: 'pe_ana' })).token;
  }, 60_000);
  afterAll(async () => t?.close());

  it.each([
    ['another host', 'https://evil.example/push/abc'],
    ['a host that only ends like a listed one', 'https://notfcm.googleapis.com/fcm/send/abc'],
    ['a listed name inside another domain', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['the wildcard’s own name without a subdomain', 'https://notify.windows.com/w/abc'],
    ['http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['a listed name that resolves to loopback', 'https://localhost/push/abc'],
    ['a listed loopback address', 'https://127.0.0.1/push/abc'],
    ['a listed private address', 'https://10.1.2.3/push/abc'],
    ['a listed IPv6 loopback', 'https://[::1]/push/abc'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses %s', async (_name, endpoint) => {
    const res = await t.request('POST', '/api/push/subscriptions', { token, body: { endpoint, keys } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'PUSH_ENDPOINT_REFUSED',
      message: 'Este servicio de notificaciones no está permitido.',
      fields: { endpoint: expect.any(String) },
    });
    const stored = await t.ctx.db.selectFrom('push_subscriptions').select('id').execute();
    expect(stored).toHaveLength(0);
  });

  it('refuses keys that are not a browser’s, and a caller without a session', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    for (const body of [
      { endpoint, keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint, keys: { p256dh: keys.p256dh, auth: 'not base64url!!!!!!!!!' } },
      { endpoint },
      { endpoint: 'x'.repeat(1001), keys },
    ]) {
      const res = await t.request('POST', '/api/push/subscriptions', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/suscripción|no es válid/i);
    }
    const anonymous = await t.request('POST', '/api/push/subscriptions', { body: { endpoint, keys } });
    expect(anonymous.status).toBe(401);
  });

  it('production refuses `*` (any host, http)', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'bold',
      BOLD_API_KEY: 'identity-key',
      BOLD_SECRET_KEY: 'bold-secret-key',
      JWT_SECRET: 'production-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://coleccionables.example',
      SMTP_URL: 'smtp://mailer:mail-password@smtp.example:587',
      DATA_DIR: '/tmp/unused',
    };
    expect(loadConfig(production).PUSH_ENDPOINT_HOSTS).toContain('*.notify.windows.com');
    expect(() => loadConfig({ ...production, PUSH_ENDPOINT_HOSTS: '*' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    expect(() => loadConfig({ ...production, PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,*' })).toThrow(
      /PUSH_ENDPOINT_HOSTS/,
    );
  });
});
