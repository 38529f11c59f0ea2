import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('POST /api/users/change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  function change(token: string, body: unknown) {
    return t.request('POST', '/api/users/change-password', { token, body });
  }
  function login(email: string, password: string) {
    return t.request('POST', '/api/users/login', { body: { email, password } });
  }

  it('changes the password: the new one logs in, the old one no longer does, the session goes on (its own token and the fresh one)', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: 'NuevaClave2026' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: '¡Contraseña actualizada correctamente!',
      jwt_token: expect.any(String),
    });
    expect((await login(user.email, 'NuevaClave2026')).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await t.request('GET', '/api/users/profile', { token: res.body.jwt_token })).status).toBe(200);
    // A client that keeps its token (as the specification's does) is not logged out by its own change.
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('NuevaClave2026');
  });

  it('ends every other session opened before the change (a stolen token stops working); this one goes on', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await t.login(user.email, TEST_PASSWORD);
    await t.advanceClock(2);
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: 'OtraClave2026' });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
    // A second change from the same session, with its first token, works and keeps it again.
    const again = await change(token, {
      current_password: 'OtraClave2026',
      new_password: 'TerceraClave2026',
    });
    expect(again.status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token: res.body.jwt_token })).status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token: other })).status).toBe(401);
    expect((await t.request('GET', '/api/users/profile', { token: res.body.jwt_token })).status).toBe(200);
  });

  it('a wrong current password is a 400 (not a 401, which would log the user out) and changes nothing', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await change(token, { current_password: 'no-es-la-actual', new_password: 'NuevaClave2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La contraseña actual es incorrecta');
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(user.email, 'NuevaClave2026')).status).toBe(401);
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(200);
  });

  const rejected: Array<[string, Record<string, unknown>, string]> = [
    ['no current password', { new_password: 'NuevaClave2026' }, 'La contraseña actual es obligatoria'],
    [
      'an empty current password',
      { current_password: '', new_password: 'NuevaClave2026' },
      'La contraseña actual es obligatoria',
    ],
    ['no new password', { current_password: TEST_PASSWORD }, 'La nueva contraseña es obligatoria'],
    [
      'an empty new password',
      { current_password: TEST_PASSWORD, new_password: '' },
      'La nueva contraseña es obligatoria',
    ],
    [
      'a 7-character new password',
      { current_password: TEST_PASSWORD, new_password: 'Corta12' },
      'La contraseña debe tener al menos 8 caracteres',
    ],
    [
      'a new password over 200 characters',
      { current_password: TEST_PASSWORD, new_password: 'x'.repeat(201) },
      'La contraseña no puede tener más de 200 caracteres',
    ],
    [
      'a new password that is a number',
      { current_password: TEST_PASSWORD, new_password: 12345678 },
      'La nueva contraseña es obligatoria',
    ],
    [
      'a current password that is an object',
      { current_password: { a: 1 }, new_password: 'NuevaClave2026' },
      'La contraseña actual es obligatoria',
    ],
  ];
  it.each(rejected)('%s is a 400 with its message and changes nothing', async (_name, body, message) => {
    const { user, token } = await insertUserWithToken(t);
    const res = await change(token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContain(message);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('exactly 8 characters is accepted', async () => {
    const { user, token } = await insertUserWithToken(t);
    expect((await change(token, { current_password: TEST_PASSWORD, new_password: '12345678' })).status).toBe(
      200,
    );
    expect((await login(user.email, '12345678')).status).toBe(200);
  });

  it('a body that is not an object is a 400', async () => {
    const { token } = await insertUserWithToken(t);
    const res = await change(token, ['x']);
    expect(res.status).toBe(400);
  });

  it('without a token it is a 401', async () => {
    const res = await t.request('POST', '/api/users/change-password', {
      body: { current_password: TEST_PASSWORD, new_password: 'NuevaClave2026' },
    });
    expect(res.status).toBe(401);
  });

  it('only changes the caller: another user keeps their password', async () => {
    const a = await insertUserWithToken(t);
    const b = await insertUserWithToken(t);
    expect(
      (await change(a.token, { current_password: TEST_PASSWORD, new_password: 'SoloParaA123' })).status,
    ).toBe(200);
    expect((await login(b.user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(b.user.email, 'SoloParaA123')).status).toBe(401);
  });
});
