import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor, totpCode } from '../../factories/two-factor.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { softAuthenticator } from '../../support/soft-authenticator.ts';

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function register(token: string, authenticator = softAuthenticator(t.url), name = 'Mi teléfono') {
    const options = await t.request('POST', '/api/users/me/passkeys/options', { token });
    expect(options.status).toBe(200);
    const res = await t.request('POST', '/api/users/me/passkeys', {
      token,
      body: { name, response: authenticator.register(options.body.options) },
    });
    return { res, authenticator, options: options.body.options };
  }
  async function signIn(authenticator: ReturnType<typeof softAuthenticator>, userId: number) {
    const options = await t.request('POST', '/api/users/login/passkey/options');
    expect(options.status).toBe(200);
    return t.request('POST', '/api/users/login/passkey', {
      body: { response: authenticator.signIn(options.body.options, String(userId)) },
    });
  }
  const list = (token: string) => t.request('GET', '/api/users/me/passkeys', { token });

  it('registration options ask for a discoverable passkey with user verification, for this site', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await t.request('POST', '/api/users/me/passkeys/options', { token });
    expect(res.status).toBe(200);
    expect(res.body.options).toMatchObject({
      rp: { name: 'Coleccionables', id: '127.0.0.1' },
      user: { name: user.email, displayName: user.username },
      challenge: expect.any(String),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
  });

  it('registers, lists, renames and signs in with no password and no code, even with two-step verification on', async () => {
    const { user, token } = await insertUserWithToken(t);
    await enableTwoFactor(t, token);
    const { res, authenticator } = await register(token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Llave de acceso agregada',
      passkey: {
        id: expect.any(Number),
        name: 'Mi teléfono',
        created_at: expect.stringMatching(/Z$/),
        last_used_at: null,
      },
    });
    const renamed = await t.request('PUT', `/api/users/me/passkeys/${res.body.passkey.id}`, {
      token,
      body: { name: '  Portátil  ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.name).toBe('Portátil');

    const login = await signIn(authenticator, user.id);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ jwt_token: expect.any(String) });
    expect((await t.request('GET', '/api/users/profile', { token: login.body.jwt_token })).body.id).toBe(
      user.id,
    );
    const listed = await list(token);
    expect(listed.body.passkeys).toEqual([
      {
        id: res.body.passkey.id,
        name: 'Portátil',
        created_at: expect.any(String),
        last_used_at: expect.stringMatching(/Z$/),
      },
    ]);
    // Signing in again works (the counter moves on).
    expect((await signIn(authenticator, user.id)).status).toBe(200);
  });

  it('a registration challenge is used once and lives 5 minutes', async () => {
    const { token } = await insertUserWithToken(t);
    const first = await register(token);
    expect(first.res.status).toBe(201);
    // The same answer again: its challenge is spent.
    const again = await t.request('POST', '/api/users/me/passkeys', {
      token,
      body: { name: 'Otra', response: softAuthenticator(t.url).register(first.options) },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('PASSKEY_FAILED');
    const options = await t.request('POST', '/api/users/me/passkeys/options', { token });
    await t.advanceClock(5 * 60 + 1);
    const late = await t.request('POST', '/api/users/me/passkeys', {
      token,
      body: { name: 'Tarde', response: softAuthenticator(t.url).register(options.body.options) },
    });
    expect(late.status).toBe(400);
    expect((await list(token)).body.passkeys).toHaveLength(1);
  });

  it("another user's registration challenge does not work for me", async () => {
    const a = await insertUserWithToken(t);
    const b = await insertUserWithToken(t);
    const options = await t.request('POST', '/api/users/me/passkeys/options', { token: a.token });
    const res = await t.request('POST', '/api/users/me/passkeys', {
      token: b.token,
      body: { name: 'Robada', response: softAuthenticator(t.url).register(options.body.options) },
    });
    expect(res.status).toBe(400);
    expect((await list(b.token)).body.passkeys).toHaveLength(0);
  });

  it('an authenticator that did not verify the user is refused, at registration and at sign-in', async () => {
    const { token } = await insertUserWithToken(t);
    const { res } = await register(token, softAuthenticator(t.url, { verified: false }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('No se pudo verificar la llave de acceso. Inténtalo de nuevo.');
    expect((await list(token)).body.passkeys).toHaveLength(0);
  });

  it('a sign-in answer replayed, an unknown passkey or a malformed answer is refused', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { authenticator } = await register(token);
    const options = await t.request('POST', '/api/users/login/passkey/options');
    const answer = authenticator.signIn(options.body.options, String(user.id));
    expect((await t.request('POST', '/api/users/login/passkey', { body: { response: answer } })).status).toBe(
      200,
    );
    const replay = await t.request('POST', '/api/users/login/passkey', { body: { response: answer } });
    expect(replay.status).toBe(400);

    const stranger = softAuthenticator(t.url);
    const unknown = await signIn(stranger, user.id);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Esta llave de acceso no está registrada en ninguna cuenta');

    const garbage = await t.request('POST', '/api/users/login/passkey', { body: { response: { id: 'x' } } });
    expect(garbage.status).toBe(400);
    const notObject = await t.request('POST', '/api/users/login/passkey', { body: { response: 'x' } });
    expect(notObject.status).toBe(400);
  });

  it("removing takes the current password or a code; another user's passkey is a 404", async () => {
    const { token } = await insertUserWithToken(t);
    const other = await insertUserWithToken(t);
    const { res } = await register(token);
    const id = res.body.passkey.id;
    const remove = (body: unknown, as = token) =>
      t.request('POST', `/api/users/me/passkeys/${id}/delete`, { token: as, body });
    expect((await remove({ current_password: TEST_PASSWORD }, other.token)).status).toBe(404);
    expect(
      (await t.request('PUT', `/api/users/me/passkeys/${id}`, { token: other.token, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    const none = await remove({});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('PROOF_REQUIRED');
    const wrong = await remove({ current_password: 'no-es' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_CURRENT_PASSWORD');
    // No two-step verification on this account: a code proves nothing.
    expect((await remove({ code: '123456' })).status).toBe(400);
    expect((await list(token)).body.passkeys).toHaveLength(1);
    const ok = await remove({ current_password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Llave de acceso eliminada');
    expect((await list(token)).body.passkeys).toHaveLength(0);
    expect((await remove({ current_password: TEST_PASSWORD })).status).toBe(404);
  });

  it('with two-step verification on, a current code removes a passkey too', async () => {
    const { token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const { res } = await register(token);
    const removed = await t.request('POST', `/api/users/me/passkeys/${res.body.passkey.id}/delete`, {
      token,
      body: { code: totpCode(t, secret) },
    });
    expect(removed.status).toBe(200);
  });

  it('a removed passkey no longer signs in; the name is checked', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { res, authenticator } = await register(token);
    await t.request('POST', `/api/users/me/passkeys/${res.body.passkey.id}/delete`, {
      token,
      body: { current_password: TEST_PASSWORD },
    });
    expect((await signIn(authenticator, user.id)).status).toBe(400);
    const unnamed = await t.request('PUT', `/api/users/me/passkeys/${res.body.passkey.id}`, {
      token,
      body: { name: '   ' },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fields).toEqual({ name: 'El nombre de la llave es obligatorio' });
  });

  it('two registrations of the same answer at once store one passkey', async () => {
    const { token } = await insertUserWithToken(t);
    const options = await t.request('POST', '/api/users/me/passkeys/options', { token });
    const answer = softAuthenticator(t.url).register(options.body.options);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.request('POST', '/api/users/me/passkeys', { token, body: { name: 'Una', response: answer } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect((await list(token)).body.passkeys).toHaveLength(1);
  });

  it('the personal-data export lists the passkeys by name', async () => {
    const { token } = await insertUserWithToken(t);
    await register(token, undefined, 'Llave USB');
    const res = await t.request('GET', '/api/users/me/export', { token });
    expect(res.body.second_factors.passkeys).toEqual([
      { name: 'Llave USB', created_at: expect.any(String), last_used_at: null },
    ]);
  });
});
