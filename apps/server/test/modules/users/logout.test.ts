import { SignJWT } from 'jose';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tokenVersionMigration from '../../../src/platform/migrations/2026-11-23T0150-users-token-version.ts';
import { openNotificationsSocket } from '../../factories/auctions.ts';
import { insertUser, insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../helpers/build-app.ts';

const JWT_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');

/** Signs a token as the server does, with a chosen issue time and version claim. */
function signToken(userId: number, iat: number, claims: Record<string, unknown>) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(JWT_SECRET);
}

/**
 * Every registered route with its methods, read from Fastify's route tree, so a route added later
 * is covered without editing this test. Sockets are checked separately.
 */
function registeredRoutes(t: TestApp): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S*) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = url;
    for (const method of match[3]!.split(', ')) {
      if (method === 'HEAD' || url === '*' || url.endsWith('/ws') || url.includes('/ws/')) continue;
      routes.push({ method, url: url.replace(/:\w+/g, '1').replace(/\*$/, 'x') });
    }
  }
  return routes;
}

describe('POST /api/users/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });
  const logout = (token?: string) => t.request('POST', '/api/users/logout', { token });

  it('answers 200 with a message; afterwards the token gets exactly what no token gets, on every route', async () => {
    const { token } = await insertUserWithToken(t, { is_seller: true });
    expect((await profile(token)).status).toBe(200);
    const res = await logout(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Sesión cerrada en todos tus dispositivos' });

    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(40);
    let protectedRoutes = 0;
    for (const { method, url } of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      const anonymous = await t.request(method, url, { body });
      const loggedOut = await t.request(method, url, { body, token });
      expect({ method, url, status: loggedOut.status }).toEqual({ method, url, status: anonymous.status });
      if (anonymous.status === 401) {
        protectedRoutes += 1;
        expect(loggedOut.body.message).toBe(anonymous.body.message);
      }
    }
    expect(protectedRoutes).toBeGreaterThan(25);
  });

  it('ends every session of the account (all devices), not other accounts; logging in again works', async () => {
    const { user, token: laptop } = await insertUserWithToken(t);
    const phone = await t.login(user.email, TEST_PASSWORD);
    const other = await insertUserWithToken(t);
    expect((await logout(phone)).status).toBe(200);
    expect((await profile(phone)).status).toBe(401);
    expect((await profile(laptop)).status).toBe(401);
    expect((await profile(other.token)).status).toBe(200);

    const again = await t.login(user.email, TEST_PASSWORD);
    expect((await profile(again)).status).toBe(200);
    // Logging out twice with the ended token is a 401, and does not end the new session.
    expect((await logout(phone)).status).toBe(401);
    expect((await profile(again)).status).toBe(200);
  });

  it('needs a valid token', async () => {
    expect((await logout()).status).toBe(401);
    expect((await logout('forged.token.value')).status).toBe(401);
    const { user } = await insertUserWithToken(t);
    // A token with a version the account never had (forged claims need the secret anyway).
    const future = await signToken(user.id, Math.floor(Date.now() / 1000), { ver: 7 });
    expect((await profile(future)).status).toBe(401);
  });

  it('concurrent logouts from several devices all end up logged out', async () => {
    const { user } = await insertUserWithToken(t);
    const tokens = await Promise.all([1, 2, 3].map(() => t.login(user.email, TEST_PASSWORD)));
    const results = await Promise.all(tokens.map((token) => logout(token)));
    for (const r of results) expect([200, 401]).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    for (const token of tokens) expect((await profile(token)).status).toBe(401);
  });

  it('closes the open notification sockets of the account with 4401, and refuses new ones', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await insertUserWithToken(t);
    const second = await t.login(user.email, TEST_PASSWORD);
    const mine = await openNotificationsSocket(t.url, token);
    const myOtherDevice = await openNotificationsSocket(t.url, second);
    const theirs = await openNotificationsSocket(t.url, other.token);
    for (const s of [mine, myOtherDevice, theirs]) await s.waitFor((m) => m.message === 'unread_count');

    expect((await logout(token)).status).toBe(200);
    expect(await mine.closed).toBe(4401);
    expect(await myOtherDevice.closed).toBe(4401);
    // The internal signal is never sent to clients.
    expect(mine.messages.map((m) => m.message)).toEqual(['unread_count']);

    const reopened = await openNotificationsSocket(t.url, token);
    expect(await reopened.closed).toBe(4401);
    expect(reopened.messages).toEqual([]);

    // Another account's socket stays open and keeps working.
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.socket.readyState).toBe(theirs.socket.OPEN);
    await theirs.close();
  });
});

describe('ending sessions by token version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });

  it('a password change refuses a token issued in the same second, before it', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await t.request('POST', '/api/users/change-password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: 'MismoSegundo2026' },
    });
    expect(res.status).toBe(200);
    const { password_changed_at } = await t.ctx.db
      .selectFrom('users')
      .select('password_changed_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const changedSecond = Math.floor(password_changed_at!.getTime() / 1000);
    // Issued at the very second of the change with the version before it: whole-second issue
    // times cannot tell it from the fresh token, the version does.
    const sameSecond = await signToken(user.id, changedSecond, { ver: 0 });
    expect((await profile(sameSecond)).status).toBe(401);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(res.body.jwt_token)).status).toBe(200);
  });

  it('a password change right after login (no clock moved) ends that login and the open sockets', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await t.login(user.email, TEST_PASSWORD);
    const socket = await openNotificationsSocket(t.url, other);
    await socket.waitFor((m) => m.message === 'unread_count');
    const res = await t.request('POST', '/api/users/change-password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: 'AlMomento2026' },
    });
    expect(res.status).toBe(200);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(other)).status).toBe(401);
    expect(await socket.closed).toBe(4401);
    const fresh = await openNotificationsSocket(t.url, res.body.jwt_token);
    await fresh.waitFor((m) => m.message === 'unread_count');
    await fresh.close();
  });

  it('tokens issued before versions existed count as version 0 until the first logout', async () => {
    const { user } = await insertUserWithToken(t);
    const legacy = await signToken(user.id, Math.floor(Date.now() / 1000) - 60, {});
    expect((await profile(legacy)).status).toBe(200);
    const current = await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('POST', '/api/users/logout', { token: current })).status).toBe(200);
    expect((await profile(legacy)).status).toBe(401);
  });

  it('the migration starts accounts that changed their password at version 1, so no earlier token returns', async () => {
    const changed = await insertUser(t.ctx.db);
    const untouched = await insertUser(t.ctx.db);
    // Re-run this migration alone on the current schema.
    await tokenVersionMigration.down(t.ctx.db as unknown as Kysely<unknown>);
    await sql`update users set password_changed_at = now() where id = ${changed.id}`.execute(t.ctx.db);
    await tokenVersionMigration.up(t.ctx.db as unknown as Kysely<unknown>);
    const rows = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'token_version'])
      .where('id', 'in', [changed.id, untouched.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: changed.id, token_version: 1 },
      { id: untouched.id, token_version: 0 },
    ]);
    const legacy = await signToken(changed.id, Math.floor(Date.now() / 1000), {});
    expect((await profile(legacy)).status).toBe(401);
    const legacyUntouched = await signToken(untouched.id, Math.floor(Date.now() / 1000), {});
    expect((await profile(legacyUntouched)).status).toBe(200);
  });
});
