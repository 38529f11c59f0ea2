import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotificationsSocket } from '../../factories/auctions.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { postgresTarget, REDIS_TARGET, reachable } from '../../support/dependencies.ts';

// Two server processes (two app instances) on one PostgreSQL database and one Redis. Each caches
// what it read about sessions for 10 seconds, so a session ended in one process is refused by the
// other well inside that time only because the event bus told it.
const ready = Boolean(postgresTarget()) && (await reachable(REDIS_TARGET));

describe.skipIf(!ready)('sessions across processes (PostgreSQL + Redis)', () => {
  let a: TestApp & { databaseUrl?: string };
  let b: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: `redis://127.0.0.1:6379?namespace=sessions-${randomUUID()}` };
    a = await startTestApp({ env });
    b = await startTestApp({ env, sharedDatabaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (app: TestApp, token: string) => app.request('GET', '/api/users/profile', { token });
  /** Well inside the 10-second cache: only the bus message can have told the other process. */
  const refusedSoon = (app: TestApp, token: string) =>
    expect.poll(async () => (await me(app, token)).status, { timeout: 2000, interval: 50 }).toBe(401);

  it('a logout in one process ends that session in the other, which had it cached; the other session lives on', async () => {
    const { user, token: laptop } = await insertUserWithToken(a);
    const phone = await a.login(user.email, TEST_PASSWORD);
    expect((await me(b, laptop)).status).toBe(200); // b now trusts both sessions for a while
    expect((await me(b, phone)).status).toBe(200);
    const laptopSocket = await openNotificationsSocket(b.url, laptop);
    const phoneSocket = await openNotificationsSocket(b.url, phone);
    for (const s of [laptopSocket, phoneSocket]) await s.waitFor((m) => m.message === 'unread_count');

    expect((await a.request('POST', '/api/users/logout', { token: phone })).status).toBe(200);
    expect((await me(a, phone)).status).toBe(401); // at once where it was ended
    await refusedSoon(b, phone);
    expect(await phoneSocket.closed).toBe(4401);
    expect((await me(b, laptop)).status).toBe(200);
    expect((await me(a, laptop)).status).toBe(200);
    expect(laptopSocket.socket.readyState).toBe(laptopSocket.socket.OPEN);
    await laptopSocket.close();
  });

  it('logout-all in one process ends every session in the other', async () => {
    const { user, token: laptop } = await insertUserWithToken(a);
    const phone = await a.login(user.email, TEST_PASSWORD);
    expect((await me(a, laptop)).status).toBe(200);
    expect((await me(a, phone)).status).toBe(200);
    expect((await b.request('POST', '/api/users/logout-all', { token: laptop })).status).toBe(200);
    expect((await me(b, laptop)).status).toBe(401);
    expect((await me(b, phone)).status).toBe(401);
    await refusedSoon(a, laptop);
    await refusedSoon(a, phone);
  });

  it('without the bus message a process trusts its cache (no query per request) until it expires', async () => {
    // A third process on the same database but not on the bus.
    const deaf = await startTestApp({ sharedDatabaseUrl: a.databaseUrl });
    try {
      const { token } = await insertUserWithToken(a);
      expect((await me(deaf, token)).status).toBe(200);
      expect((await a.request('POST', '/api/users/logout', { token })).status).toBe(200);
      await refusedSoon(b, token);
      expect((await me(deaf, token)).status).toBe(200);
      await expect
        .poll(async () => (await me(deaf, token)).status, { timeout: 15_000, interval: 500 })
        .toBe(401);
    } finally {
      await deaf.close();
    }
  });

  it('a password change in one process ends the other sessions in the other; the caller goes on in both', async () => {
    const { user, token: laptop } = await insertUserWithToken(a);
    const phone = await a.login(user.email, TEST_PASSWORD);
    expect((await me(a, phone)).status).toBe(200);
    expect((await me(a, laptop)).status).toBe(200);
    const res = await b.request('POST', '/api/users/change-password', {
      token: laptop,
      body: { current_password: TEST_PASSWORD, new_password: 'DosProcesos2026' },
    });
    expect(res.status).toBe(200);
    await refusedSoon(a, phone);
    // The caller's own token goes on in both processes, as does the fresh one.
    expect((await me(a, laptop)).status).toBe(200);
    expect((await me(b, laptop)).status).toBe(200);
    expect((await me(a, res.body.jwt_token)).status).toBe(200);
    expect((await me(b, res.body.jwt_token)).status).toBe(200);
  });
});
