import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tokenVersionMigration from '../../../src/platform/migrations/2026-11-23T0150-users-token-version.ts';
import * as sessionsMigration from '../../../src/platform/migrations/2026-11-26T0200-user-sessions.ts';
import * as accountRecoveryMigration from '../../../src/platform/migrations/2026-12-01T1100-account-recovery.ts';
import * as webPushMigration from '../../../src/platform/migrations/2026-12-01T1700-web-push.ts';
import { openNotificationsSocket } from '../../factories/auctions.ts';
import { insertUser, insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { signToken } from './signed-tokens.ts';

describe('ending sessions by token version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });

  /** A session row of the user, with a token for it at a chosen issue time and version. */
  async function sessionToken(userId: number, iat: number, ver: number) {
    const sid = `s-${Math.random().toString(36).slice(2)}`;
    await t.ctx.db
      .insertInto('user_sessions')
      .values({
        id: sid,
        user_id: userId,
        user_agent: null,
        created_at: new Date(),
        expires_at: new Date(Date.now() + 3600_000),
      })
      .execute();
    return signToken(userId, iat, { ver, sid });
  }

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
    // Issued at the very second of the change with the version before it, for a session that
    // is still open: whole-second issue times cannot tell it from the fresh token, the version does.
    const sameSecond = await sessionToken(user.id, changedSecond, 0);
    expect((await profile(sameSecond)).status).toBe(401);
    // The session that made the change goes on, with its own token and the fresh one.
    expect((await profile(token)).status).toBe(200);
    expect((await profile(res.body.jwt_token)).status).toBe(200);
  });

  it('a password change right after login (no clock moved) ends the other login and its open sockets', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await t.login(user.email, TEST_PASSWORD);
    const socket = await openNotificationsSocket(t.url, other);
    await socket.waitFor((m) => m.message === 'unread_count');
    const res = await t.request('POST', '/api/users/change-password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: 'AlMomento2026' },
    });
    expect(res.status).toBe(200);
    expect((await profile(token)).status).toBe(200);
    expect((await profile(other)).status).toBe(401);
    expect(await socket.closed).toBe(4401);
    const fresh = await openNotificationsSocket(t.url, res.body.jwt_token);
    await fresh.waitFor((m) => m.message === 'unread_count');
    await fresh.close();
  });

  it('tokens issued before sessions existed (no session id) are refused: one more login per device', async () => {
    const { user } = await insertUserWithToken(t);
    const now = Math.floor(Date.now() / 1000);
    const legacy = await signToken(user.id, now - 60, { ver: 0 });
    const older = await signToken(user.id, now - 60, {});
    expect((await profile(legacy)).status).toBe(401);
    expect((await profile(older)).status).toBe(401);
    expect((await t.request('POST', '/api/users/logout', { token: legacy })).status).toBe(401);
    const socket = await openNotificationsSocket(t.url, legacy);
    expect(await socket.closed).toBe(4401);
    expect((await profile(await t.login(user.email, TEST_PASSWORD))).status).toBe(200);
  });

  it('the token-version migration starts accounts that changed their password at version 1', async () => {
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
    const now = Math.floor(Date.now() / 1000);
    expect((await profile(await sessionToken(changed.id, now, 0))).status).toBe(401);
    expect((await profile(await sessionToken(changed.id, now, 1))).status).toBe(200);
  });

  it('the sessions migration goes down and up again; deleting an account deletes its sessions', async () => {
    const { user } = await insertUserWithToken(t);
    // Later migrations that build on the table (a column, push subscriptions that belong to a
    // session) go down first, newest first, and up last.
    const db = t.ctx.db as unknown as Kysely<unknown>;
    await webPushMigration.down(db);
    await accountRecoveryMigration.down(db);
    await sessionsMigration.down(db);
    await sessionsMigration.up(db);
    await accountRecoveryMigration.up(db);
    await webPushMigration.up(db);
    const token = await t.login(user.email, TEST_PASSWORD);
    expect((await profile(token)).status).toBe(200);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await t.ctx.db
      .selectFrom('user_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  // Runs last in this file: it moves the clock 8 days.
  it('a session renewed by a password change outlives its first token; expired and ended rows are forgotten', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await t.login(user.email, TEST_PASSWORD);
    await t.advanceClock(6 * 24 * 3600);
    const res = await t.request('POST', '/api/users/change-password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: 'SeisDias2026' },
    });
    expect(res.status).toBe(200);
    await t.advanceClock(2 * 24 * 3600);
    // A login now prunes the account's rows: the ended one and none that a valid token names.
    expect((await profile(await t.login(user.email, 'SeisDias2026'))).status).toBe(200);
    expect((await profile(res.body.jwt_token)).status).toBe(200);
    expect((await profile(other)).status).toBe(401);
    const rows = await t.ctx.db
      .selectFrom('user_sessions')
      .select(['ended_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.ended_at === null)).toBe(true);
  });
});
