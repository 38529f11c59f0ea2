import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/build-app.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("GET /api/health answers ok with an API answer's security headers", async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    // A resource's part of the set: not sniffed, framed, run or read by another site.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    // A document's headers are for pages only.
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBeNull();
    // Errors of unknown API paths too.
    const missing = await fetch(`${t.url}/api/does-not-exist`);
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('pages and the API reference get the whole set, the page CSP with it', async () => {
    for (const path of ['/api/docs/', '/auctions']) {
      const res = await fetch(`${t.url}${path}`);
      const csp = res.headers.get('content-security-policy');
      expect(csp, path).toContain("default-src 'self'");
      // Scripts may talk only to this origin, sockets included: no other ws:/wss: host.
      const connect = csp?.split(';').find((d) => d.trim().startsWith('connect-src'));
      expect(connect?.trim(), path).toBe("connect-src 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('GET /api/health/live answers ok (liveness, beside the readiness check)', async () => {
    const res = await t.request('GET', '/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('unknown API paths get a Spanish 404 envelope', async () => {
    const res = await t.request('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No se encontró/);
  });

  it('malformed JSON is a 400 with a Spanish message, never a stack trace', async () => {
    const res = await t.request('POST', '/api/users/login', {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Los datos enviados no son válidos.');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });

  it('bodies over the limit get 413', async () => {
    const res = await t.request('POST', '/api/users/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('La solicitud es demasiado grande.');
  });

  it('the test clock moves forward and reports the time', async () => {
    const before = Date.now();
    const res = await t.request('POST', '/api/test/clock', { body: { advance_seconds: 3600 } });
    expect(res.status).toBe(200);
    expect(new Date(res.body.now).getTime()).toBeGreaterThanOrEqual(before + 3600_000);
    expect(res.body.now).toMatch(/Z$/);
  });

  it('the test clock route does not exist without TEST_CLOCK', async () => {
    const other = await startTestApp({ env: { TEST_CLOCK: '0' } });
    try {
      const res = await other.request('POST', '/api/test/clock', { body: { advance_seconds: 1 } });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
