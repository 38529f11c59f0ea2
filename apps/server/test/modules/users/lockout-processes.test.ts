import { randomUUID } from 'node:crypto';
import { userMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { postgresTarget, REDIS_TARGET, reachable } from '../../support/dependencies.ts';

// Two server processes on one PostgreSQL database and one Redis, with the limits on, as behind a
// load balancer: the failed logins of one account from one address add up whichever process
// checked them.
const ready = Boolean(postgresTarget()) && (await reachable(REDIS_TARGET));

describe.skipIf(!ready)('login lockout across processes (PostgreSQL + Redis)', { timeout: 240_000 }, () => {
  let a: TestApp & { databaseUrl?: string };
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: `redis://127.0.0.1:6379?namespace=lockout-${randomUUID()}`, RATE_LIMIT: '1' };
    a = await startTestApp({ env });
    b = await startTestApp({ env, sharedDatabaseUrl: a.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const login = (app: TestApp, email: string, password: string, address: string) =>
    app.request('POST', '/api/users/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  it('10 failures split over two processes lock that account for that address in both; the owner elsewhere gets in', async () => {
    const user = await insertUser(a.ctx.db);
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 ? a : b, user.email, `mala-${i}`, '10.6.0.1')).status).toBe(401);
    }
    for (const app of [a, b]) {
      const blocked = await login(app, user.email, TEST_PASSWORD, '10.6.0.1');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(userMessages.tooManyAttempts);
    }
    expect((await login(a, user.email, TEST_PASSWORD, '10.6.0.2')).status).toBe(200);
    expect((await login(b, user.email, TEST_PASSWORD, '10.6.0.3')).status).toBe(200);
  });

  it('60 wrong guesses on one account from one address sent at once to both processes: at most 10 are checked', async () => {
    const user = await insertUser(a.ctx.db);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i % 2 ? a : b, user.email, `adivina-${i}`, '10.6.2.1')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBe(10);
    expect((await login(a, user.email, TEST_PASSWORD, '10.6.2.1')).status).toBe(429);
    expect((await login(b, user.email, TEST_PASSWORD, '10.6.2.2')).status).toBe(200);
  });

  it('the per-address burst limit is one budget in Redis for both processes', async () => {
    const user = await insertUser(a.ctx.db);
    // 20 logins a minute per address: 10 on each process fill it, the next on either is refused.
    for (let i = 0; i < 20; i++) {
      expect((await login(i % 2 ? a : b, user.email, TEST_PASSWORD, '10.6.1.1')).status).toBe(200);
    }
    expect((await login(a, user.email, TEST_PASSWORD, '10.6.1.1')).status).toBe(429);
    expect((await login(b, user.email, TEST_PASSWORD, '10.6.1.1')).status).toBe(429);
    expect((await login(b, user.email, TEST_PASSWORD, '10.6.1.2')).status).toBe(200);
  });
});
