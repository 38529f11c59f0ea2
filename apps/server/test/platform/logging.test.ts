import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../src/platform/logging.ts';
import { openSocket, wsUrl } from '../factories/auctions.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

describe('logs never print a token', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logText = () => lines.join('');

  beforeAll(async () => {
    t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t?.close());

  it('redacts the authorization header and token query parameters of logged requests', async () => {
    const { token } = await insertUserWithToken(t);
    const before = lines.length;
    const res = await t.request(
      'GET',
      `/api/users/profile?token=secret-in-query&page=2&jwt_token=other-secret&Access_Token=third-secret`,
      { token },
    );
    expect(res.status).toBe(200);
    // A bare JWT as a query string, and the socket a stale client would still open.
    await t.request('GET', `/api/notifications?${token}`, { token });
    const socket = await openSocket(wsUrl(t.url, `/api/notifications/ws?token=${token}`));
    expect(await socket.closed).toBe(4401);
    // What an error handler or plugin might log: the headers themselves.
    t.app.log.info({ headers: { authorization: `Bearer ${token}` } }, 'headers seen');
    t.app.log.info({ req: { headers: { authorization: `Bearer ${token}`, cookie: 'sid=cookie-secret' } } });

    await new Promise((r) => setTimeout(r, 50));
    const text = lines.slice(before).join('');
    // The requests were logged, with what is not secret still readable.
    expect(text).toContain('/api/users/profile?token=[Redacted]&page=2&jwt_token=[Redacted]');
    expect(text).toContain('Access_Token=[Redacted]');
    expect(text).toContain(`/api/notifications?${REDACTED}`);
    expect(text).toContain('/api/notifications/ws?token=[Redacted]');
    expect(text).toContain('headers seen');
    for (const secret of [token, 'secret-in-query', 'other-secret', 'third-secret', 'cookie-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(logText()).not.toContain(token);
  });

  it('redactUrl keeps other parameters, handles odd input, and stays fast on a hostile URL', () => {
    expect(redactUrl('/api/search?q=token&page=1')).toBe('/api/search?q=token&page=1');
    expect(redactUrl('/a?%74oken=x')).toBe(`/a?%74oken=${REDACTED}`);
    expect(redactUrl('/a?token')).toBe('/a?token');
    expect(redactUrl('/a?token=')).toBe(`/a?token=${REDACTED}`);
    expect(redactUrl('/a?x=%E0%A4%A')).toBe('/a?x=%E0%A4%A');
    expect(redactUrl('/no-query')).toBe('/no-query');
    const hostile = `/a?${'t'.repeat(20_000)}${'token'.repeat(2000)}${'eyJ.'.repeat(4000)}`;
    const started = performance.now();
    redactUrl(hostile);
    redactUrl(`/a?${'eyJa'.repeat(20_000)}.`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
