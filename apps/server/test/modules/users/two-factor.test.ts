import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../src/platform/secret-box.ts';
import { enableTwoFactor, totpCode } from '../../factories/two-factor.ts';
import { insertUser, insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('two-step verification (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password = TEST_PASSWORD) =>
    t.request('POST', '/api/users/login', { body: { email, password } });
  const secondStep = (challenge_token: string, code: string) =>
    t.request('POST', '/api/users/login/2fa', { body: { challenge_token, code } });
  async function challengeFor(email: string): Promise<string> {
    const res = await login(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ two_factor_required: true, challenge_token: expect.any(String) });
    return res.body.challenge_token;
  }
  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });

  it('set-up asks for the password and answers a base32 secret and its otpauth URL; nothing is on until a code proves it', async () => {
    const { user, token } = await insertUserWithToken(t);
    const wrong = await t.request('POST', '/api/users/me/2fa/setup', {
      token,
      body: { current_password: 'no-es-la-actual' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('La contraseña actual es incorrecta');

    const setup = await t.request('POST', '/api/users/me/2fa/setup', {
      token,
      body: { current_password: TEST_PASSWORD },
    });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Coleccionables');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect((await profile(token)).body.two_factor_enabled).toBe(false);
    // Still a password-only login while the set-up waits for its code.
    expect((await login(user.email)).body).toEqual({ jwt_token: expect.any(String) });

    // The secret is stored encrypted.
    const stored = await t.ctx.db
      .selectFrom('user_totp')
      .select('secret_encrypted')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).toMatch(/^v1\./);
    expect(stored.secret_encrypted).not.toContain(setup.body.secret);

    const bad = await t.request('POST', '/api/users/me/2fa/enable', { token, body: { code: '000000' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Código incorrecto', fields: { code: 'Código incorrecto' } });
    expect((await profile(token)).body.two_factor_enabled).toBe(false);

    const enable = await t.request('POST', '/api/users/me/2fa/enable', {
      token,
      body: { code: totpCode(t, setup.body.secret) },
    });
    expect(enable.status).toBe(200);
    expect(enable.body.recovery_codes).toHaveLength(10);
    expect(new Set(enable.body.recovery_codes).size).toBe(10);
    for (const code of enable.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await profile(token)).body.two_factor_enabled).toBe(true);
    const codes = await t.ctx.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(10);
    for (const row of codes) expect(enable.body.recovery_codes).not.toContain(row.code_hash);

    const again = await t.request('POST', '/api/users/me/2fa/setup', {
      token,
      body: { current_password: TEST_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('enable without a set-up is a 409 and nothing turns on', async () => {
    const { token } = await insertUserWithToken(t);
    const res = await t.request('POST', '/api/users/me/2fa/enable', { token, body: { code: '123456' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TWO_FACTOR_NOT_SET_UP');
    expect((await profile(token)).body.two_factor_enabled).toBe(false);
  });

  it('with it on, the right password answers a challenge and no token; the code completes the login', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const wrongPassword = await login(user.email, 'no-es');
    expect(wrongPassword.status).toBe(401);
    const challenge = await challengeFor(user.email);
    const res = await secondStep(challenge, totpCode(t, secret));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jwt_token: expect.any(String) });
    expect((await profile(res.body.jwt_token)).status).toBe(200);
    // The challenge is spent: it cannot open a second session.
    await t.advanceClock(30);
    expect((await secondStep(challenge, totpCode(t, secret))).status).toBe(401);
  });

  it('a TOTP code is accepted once: the same code again within its window is refused', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const code = totpCode(t, secret);
    expect((await secondStep(await challengeFor(user.email), code)).status).toBe(200);
    const replay = await secondStep(await challengeFor(user.email), code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('Código incorrecto');
    // An older step's code is refused too once a later one was used.
    const older = await secondStep(await challengeFor(user.email), totpCode(t, secret, -1));
    expect(older.status).toBe(400);
  });

  it('one step of drift either way is accepted, two are not (on the server clock)', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    expect((await secondStep(await challengeFor(user.email), totpCode(t, secret, -2))).status).toBe(400);
    expect((await secondStep(await challengeFor(user.email), totpCode(t, secret, 2))).status).toBe(400);
    expect((await secondStep(await challengeFor(user.email), totpCode(t, secret, -1))).status).toBe(200);
    await t.advanceClock(90);
    expect((await secondStep(await challengeFor(user.email), totpCode(t, secret, 1))).status).toBe(200);
  });

  it('a recovery code logs in once ever; spaces, dashes and capitals do not matter', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { recoveryCodes } = await enableTwoFactor(t, token);
    const typed = ` ${recoveryCodes[0]!.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(await challengeFor(user.email), typed)).status).toBe(200);
    const again = await secondStep(await challengeFor(user.email), recoveryCodes[0]!);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Código incorrecto');
    expect((await secondStep(await challengeFor(user.email), recoveryCodes[1]!)).status).toBe(200);
  });

  it('a secret sealed under another server secret: codes are refused with a 400, a recovery code still gets in', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, token);
    // As if JWT_SECRET had changed since the set-up: the stored secret no longer opens.
    const foreign = createSecretBox('another-server-secret-of-at-least-32-chars', 'totp-secret').seal(secret);
    await t.ctx.db
      .updateTable('user_totp')
      .set({ secret_encrypted: foreign })
      .where('user_id', '=', user.id)
      .execute();
    const byCode = await secondStep(await challengeFor(user.email), totpCode(t, secret));
    expect(byCode.status).toBe(400);
    expect(byCode.body.message).toBe('Código incorrecto');
    expect((await secondStep(await challengeFor(user.email), recoveryCodes[0]!)).status).toBe(200);
  });

  it('two logins racing with the same recovery code: exactly one gets in', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { recoveryCodes } = await enableTwoFactor(t, token);
    const challenges = await Promise.all(Array.from({ length: 4 }, () => challengeFor(user.email)));
    const answers = await Promise.all(challenges.map((c) => secondStep(c, recoveryCodes[2]!)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
  });

  it('two logins racing with the same TOTP code: exactly one gets in', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const challenges = await Promise.all(Array.from({ length: 4 }, () => challengeFor(user.email)));
    const code = totpCode(t, secret);
    const answers = await Promise.all(challenges.map((c) => secondStep(c, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('five wrong codes end the challenge: the right code then gets 401', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const challenge = await challengeFor(user.email);
    for (let i = 0; i < 5; i += 1) {
      const res = await secondStep(challenge, '000000');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Código incorrecto');
    }
    const after = await secondStep(challenge, totpCode(t, secret));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('CHALLENGE_ENDED');
    // A new login starts a new challenge.
    expect((await secondStep(await challengeFor(user.email), totpCode(t, secret))).status).toBe(200);
  });

  it('wrong codes fired all at once get no more than five checked', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const challenge = await challengeFor(user.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => secondStep(challenge, String(100000 + i))),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
    expect((await secondStep(challenge, totpCode(t, secret))).status).toBe(401);
  });

  it('a challenge lives 5 minutes on the server clock', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const fresh = await challengeFor(user.email);
    await t.advanceClock(4 * 60 + 50);
    expect((await secondStep(fresh, totpCode(t, secret))).status).toBe(200);
    const stale = await challengeFor(user.email);
    await t.advanceClock(5 * 60 + 1);
    const res = await secondStep(stale, totpCode(t, secret));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('La verificación terminó. Inicia sesión de nuevo.');
  });

  it('hostile input: a forged challenge is a 401, a missing or oversized code a Spanish 400', async () => {
    expect((await secondStep('no-existe', '123456')).status).toBe(401);
    const missing = await t.request('POST', '/api/users/login/2fa', { body: { challenge_token: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ code: 'El código es obligatorio' });
    const long = await secondStep('x', '1'.repeat(41));
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ code: 'Código incorrecto' });
  });

  it('turning it off takes the password and a code; then the password alone logs in again', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, token);
    const disable = (body: unknown) => t.request('POST', '/api/users/me/2fa/disable', { token, body });
    expect((await disable({ current_password: TEST_PASSWORD })).status).toBe(400);
    const wrongPassword = await disable({ current_password: 'no-es', code: totpCode(t, secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('WRONG_CURRENT_PASSWORD');
    const wrongCode = await disable({ current_password: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('WRONG_CODE');
    expect((await profile(token)).body.two_factor_enabled).toBe(true);

    const res = await disable({ current_password: TEST_PASSWORD, code: totpCode(t, secret) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Verificación en dos pasos desactivada');
    expect((await profile(token)).body.two_factor_enabled).toBe(false);
    expect((await login(user.email)).body).toEqual({ jwt_token: expect.any(String) });
    // Its recovery codes ended with it.
    const left = await t.ctx.db
      .selectFrom('user_recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toHaveLength(0);
    expect(recoveryCodes).toHaveLength(10);
    const twice = await disable({ current_password: TEST_PASSWORD, code: '123456' });
    expect(twice.status).toBe(409);
  });

  it('a suspended account does not get past the code step', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const challenge = await challengeFor(user.email);
    await t.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', user.id).execute();
    const res = await secondStep(challenge, totpCode(t, secret));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
  });

  it('with it on, changing the bank account also takes a current code', async () => {
    const { token } = await insertUserWithToken(t, { is_seller: true });
    const banks = (await t.request('GET', '/api/banks/list', { token })).body as Array<{
      id: number;
      name: string;
    }>;
    const account = {
      bank_id: banks[0]!.id,
      account_number: '0550123456789',
      account_type: 'ahorro',
      account_name: 'Vera Vendedora',
      account_document_type: 'CC',
      account_document_number: '1020304050',
    };
    const created = await t.request('POST', '/api/sellers-banks/create', { token, body: account });
    expect(created.status).toBe(201);
    const { secret } = await enableTwoFactor(t, token);
    const update = (extra: Record<string, unknown>) =>
      t.request('PUT', `/api/sellers-banks/update/${created.body.account.id}`, {
        token,
        body: { ...account, account_number: '999888777', current_password: TEST_PASSWORD, ...extra },
      });
    const missing = await update({});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ code: 'El código es obligatorio' });
    const wrong = await update({ code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: 'Código incorrecto' });
    const stored = async () =>
      (await t.request('GET', '/api/sellers-banks/get_by_seller_id', { token })).body.account_number;
    expect(await stored()).toBe('0550123456789');
    const ok = await update({ code: totpCode(t, secret) });
    expect(ok.status).toBe(200);
    expect(await stored()).toBe('999888777');
  });

  it('an account without it logs in with the password alone, as before', async () => {
    const user = await insertUser(t.ctx.db);
    expect((await login(user.email)).body).toEqual({ jwt_token: expect.any(String) });
  });

  it('the personal-data export says it is on and how many recovery codes are left, never the secret', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, token);
    await secondStep(await challengeFor(user.email), recoveryCodes[0]!);
    const res = await t.request('GET', '/api/users/me/export', { token });
    expect(res.status).toBe(200);
    expect(res.body.second_factors).toEqual({
      two_factor_enabled_at: expect.stringMatching(/Z$/),
      recovery_codes_left: 9,
      passkeys: [],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });
});
