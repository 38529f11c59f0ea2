import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotificationsSocket } from '../../factories/auctions.ts';
import { insertUser, insertUserWithToken, issueSessionToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { signToken } from './signed-tokens.ts';

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

describe('POST /api/users/logout (this session) and /api/users/logout-all (every session)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });
  const logout = (token?: string) => t.request('POST', '/api/users/logout', { token });
  const logoutAll = (token?: string) => t.request('POST', '/api/users/logout-all', { token });

  it('answers 200 with a message; afterwards the token gets exactly what no token gets, on every route', async () => {
    const { token } = await insertUserWithToken(t, { is_seller: true });
    expect((await profile(token)).status).toBe(200);
    const res = await logout(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Sesión cerrada' });

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

  it('ends that session only: the same account on another device keeps working', async () => {
    const { user, token: laptop } = await insertUserWithToken(t);
    const phone = await t.login(user.email, TEST_PASSWORD);
    const other = await insertUserWithToken(t);
    expect((await logout(phone)).status).toBe(200);
    expect((await profile(phone)).status).toBe(401);
    expect((await profile(laptop)).status).toBe(200);
    expect((await profile(other.token)).status).toBe(200);

    const again = await t.login(user.email, TEST_PASSWORD);
    expect((await profile(again)).status).toBe(200);
    // Logging out again with the ended token is a 401 and ends nothing else.
    expect((await logout(phone)).status).toBe(401);
    expect((await profile(again)).status).toBe(200);
    expect((await profile(laptop)).status).toBe(200);
  });

  it('logout-all ends every session of the account, this one included, and no other account', async () => {
    const { user, token: laptop } = await insertUserWithToken(t);
    const phone = await t.login(user.email, TEST_PASSWORD);
    const tablet = await t.login(user.email, TEST_PASSWORD);
    const other = await insertUserWithToken(t);
    const res = await logoutAll(phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Sesión cerrada en todos tus dispositivos' });
    for (const token of [laptop, phone, tablet]) expect((await profile(token)).status).toBe(401);
    expect((await profile(other.token)).status).toBe(200);
    expect((await logoutAll(phone)).status).toBe(401);
    // A new login afterwards is a new session that works.
    const again = await t.login(user.email, TEST_PASSWORD);
    expect((await profile(again)).status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('user_sessions')
      .select(['ended_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.filter((r) => r.ended_at === null)).toHaveLength(1);
  });

  it('endAllSessions in the users service (account deletion, suspension) ends every session at once', async () => {
    const { user, token } = await insertUserWithToken(t);
    const second = await t.login(user.email, TEST_PASSWORD);
    expect((await profile(token)).status).toBe(200);
    expect((await profile(second)).status).toBe(200);
    const { createUsersService } = await import('../../../src/modules/users/users.service.ts');
    await createUsersService(t.ctx).endAllSessions(user.id);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(second)).status).toBe(401);
  });

  it('a password change ends every other session; the caller goes on, with its token and the one it gets back', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await t.login(user.email, TEST_PASSWORD);
    const res = await t.request('POST', '/api/users/change-password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: 'OtraClave2026' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '¡Contraseña actualizada correctamente!',
      jwt_token: expect.any(String),
    });
    expect((await profile(other)).status).toBe(401);
    // The same session goes on, under its own token and the fresh one.
    expect((await profile(res.body.jwt_token)).status).toBe(200);
    expect((await profile(token)).status).toBe(200);
    // …and it is still a session of its own: logging it out leaves a new login working.
    const later = await t.login(user.email, 'OtraClave2026');
    expect((await logout(res.body.jwt_token)).status).toBe(200);
    expect((await profile(res.body.jwt_token)).status).toBe(401);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(later)).status).toBe(200);
  });

  it('each login is a session of its own, labelled with the start of its User-Agent', async () => {
    const user = await insertUser(t.ctx.db);
    const agent = `Mozilla/5.0 (iPhone) ${'x'.repeat(400)}`;
    const res = await t.request('POST', '/api/users/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': agent },
    });
    expect(res.status).toBe(200);
    await t.login(user.email, TEST_PASSWORD);
    const rows = await t.ctx.db
      .selectFrom('user_sessions')
      .select(['id', 'user_agent', 'ended_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
    expect(rows.map((r) => r.user_agent)).toContain(agent.slice(0, 200));
    for (const row of rows) {
      expect(row.ended_at).toBeNull();
      expect(row.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    }
  });

  it('needs a valid token; a session id of another account or a made-up one opens nothing', async () => {
    expect((await logout()).status).toBe(401);
    expect((await logoutAll()).status).toBe(401);
    expect((await logout('forged.token.value')).status).toBe(401);
    const { user } = await insertUserWithToken(t);
    const victim = await insertUserWithToken(t);
    const victimSession = await t.ctx.db
      .selectFrom('user_sessions')
      .select('id')
      .where('user_id', '=', victim.user.id)
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    // Forged claims need the secret anyway; with it, the session must still be the account's own.
    const borrowed = await signToken(user.id, now, { ver: 0, sid: victimSession.id });
    expect((await profile(borrowed)).status).toBe(401);
    expect((await profile(await signToken(user.id, now, { ver: 0, sid: 'inventada' }))).status).toBe(401);
    expect((await profile(await signToken(user.id, now, { ver: 7, sid: victimSession.id }))).status).toBe(
      401,
    );
    expect((await profile(victim.token)).status).toBe(200);
  });

  it('many logouts at once: each device ends its own session; an untouched one keeps working', async () => {
    const { user, token: keeper } = await insertUserWithToken(t);
    // Sessions as a login makes them, without eight password hashes on a busy machine.
    const tokens = await Promise.all(Array.from({ length: 8 }, () => issueSessionToken(t.ctx, user.id)));
    const results = await Promise.all(tokens.map((token) => logout(token)));
    for (const r of results) expect(r.status).toBe(200);
    for (const token of tokens) expect((await profile(token)).status).toBe(401);
    expect((await profile(keeper)).status).toBe(200);
  });

  it('the same logout sent many times at once ends that session and nothing else', async () => {
    const { user, token: keeper } = await insertUserWithToken(t);
    const token = await t.login(user.email, TEST_PASSWORD);
    const results = await Promise.all(Array.from({ length: 10 }, () => logout(token)));
    for (const r of results) expect([200, 401]).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect((await profile(token)).status).toBe(401);
    expect((await profile(keeper)).status).toBe(200);
  });

  it('logouts and logout-all at once: every session ends, and the version moved exactly once per logout-all', async () => {
    const { user } = await insertUserWithToken(t);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => issueSessionToken(t.ctx, user.id)));
    const results = await Promise.all([
      ...tokens.slice(0, 5).map((token) => logout(token)),
      logoutAll(tokens[5]!),
      logoutAll(tokens[5]!),
    ]);
    for (const r of results) expect([200, 401]).toContain(r.status);
    for (const token of tokens) expect((await profile(token)).status).toBe(401);
    const { token_version } = await t.ctx.db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const allCalls = results.slice(5).filter((r) => r.status === 200).length;
    expect(token_version).toBe(allCalls);
  });

  it('logout closes the sockets of that session only (4401); logout-all closes the rest', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await insertUserWithToken(t);
    const second = await t.login(user.email, TEST_PASSWORD);
    const mine = await openNotificationsSocket(t.url, token);
    const mineAgain = await openNotificationsSocket(t.url, token);
    const myOtherDevice = await openNotificationsSocket(t.url, second);
    const theirs = await openNotificationsSocket(t.url, other.token);
    for (const s of [mine, mineAgain, myOtherDevice, theirs])
      await s.waitFor((m) => m.message === 'unread_count');

    expect((await logout(token)).status).toBe(200);
    expect(await mine.closed).toBe(4401);
    expect(await mineAgain.closed).toBe(4401);
    // The internal signal is never sent to clients.
    expect(mine.messages.map((m) => m.message)).toEqual(['unread_count']);
    const reopened = await openNotificationsSocket(t.url, token);
    expect(await reopened.closed).toBe(4401);
    expect(reopened.messages).toEqual([]);

    // The same account's other device keeps its socket, and it keeps working.
    await new Promise((r) => setTimeout(r, 150));
    expect(myOtherDevice.socket.readyState).toBe(myOtherDevice.socket.OPEN);
    expect(myOtherDevice.messages.map((m) => m.message)).toEqual(['unread_count']);

    expect((await logoutAll(second)).status).toBe(200);
    expect(await myOtherDevice.closed).toBe(4401);
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.socket.readyState).toBe(theirs.socket.OPEN);
    await theirs.close();
  });
});
