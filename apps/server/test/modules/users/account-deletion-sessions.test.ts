import { personalDataMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/** Deleting an account ends its sessions once, with the erasure itself. */
describe('account deletion and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const version = async (id: number) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).token_version;

  it('a wrong password is a 400 with its message and ends nothing', async () => {
    const user = await insertUserWithToken(t, { username: 'borrado_fallido' });
    const before = await version(user.user.id);
    const res = await t.request('POST', '/api/users/me/delete', {
      token: user.token,
      body: { password: 'Otra123!x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.wrongPassword);
    expect(await version(user.user.id)).toBe(before);
    expect((await t.request('GET', '/api/users/profile', { token: user.token })).status).toBe(200);
  });

  it('moves the token version once, ends every session row, and the token is refused', async () => {
    const user = await insertUserWithToken(t, { username: 'borrado_una_vez' });
    const second = await t.login(user.user.email, TEST_PASSWORD);
    const before = await version(user.user.id);
    const res = await t.request('POST', '/api/users/me/delete', {
      token: user.token,
      body: { password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await version(user.user.id)).toBe(before + 1);
    const open = await t.ctx.db
      .selectFrom('user_sessions')
      .select('id')
      .where('user_id', '=', user.user.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    for (const token of [user.token, second]) {
      expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(401);
    }
  });
});
