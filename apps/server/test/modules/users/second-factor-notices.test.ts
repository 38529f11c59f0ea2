import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor, totpCode } from '../../factories/two-factor.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { softAuthenticator } from '../../support/soft-authenticator.ts';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink.ts';
import { linkToken, mailsTo, PUBLIC_URL } from './recovery-support.ts';

/** Security notices of the second factors, and how they meet password reset and the e-mail change. */
describe('second factors with the security notices, reset and e-mail change', { timeout: 240_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const login = (email: string, password = TEST_PASSWORD) =>
    t.request('POST', '/api/users/login', { body: { email, password } });
  const secondStep = (challenge_token: string, code: string) =>
    t.request('POST', '/api/users/login/2fa', { body: { challenge_token, code } });
  const notificationsOf = (userId: number) =>
    t.ctx.db
      .selectFrom('notifications')
      .select(['type', 'title'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const subjects = async (email: string) => {
    await mailsTo(t, smtp, email, /./);
    return smtp.to(email).map((m) => m.subject);
  };

  it('each event e-mails the account, notifies it in the app and goes into the export', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, token);
    const challenge = (await login(user.email)).body.challenge_token;
    expect((await secondStep(challenge, recoveryCodes[0]!)).status).toBe(200);

    const options = await t.request('POST', '/api/users/me/passkeys/options', { token });
    const added = await t.request('POST', '/api/users/me/passkeys', {
      token,
      body: { name: 'Llave USB', response: softAuthenticator(PUBLIC_URL).register(options.body.options) },
    });
    expect(added.status).toBe(201);
    const removed = await t.request('POST', `/api/users/me/passkeys/${added.body.passkey.id}/delete`, {
      token,
      body: { current_password: TEST_PASSWORD },
    });
    expect(removed.status).toBe(200);
    const off = await t.request('POST', '/api/users/me/2fa/disable', {
      token,
      body: { current_password: TEST_PASSWORD, code: totpCode(t, secret) },
    });
    expect(off.status).toBe(200);

    const titles = [
      'Activaste la verificación en dos pasos',
      'Entraste con un código de recuperación',
      'Agregaste una llave de acceso',
      'Quitaste una llave de acceso',
      'Desactivaste la verificación en dos pasos',
    ];
    expect(await notificationsOf(user.id)).toEqual(titles.map((title) => ({ type: 'security', title })));
    const mails = await subjects(user.email);
    for (const title of titles)
      expect(
        mails.some((s) => s?.includes(title)),
        title,
      ).toBe(true);
    const recoveryMail = smtp.to(user.email).find((m) => m.subject?.includes('código de recuperación'));
    expect(recoveryMail?.text).toContain('te quedan 9');

    const exported = await t.request('GET', '/api/users/me/export', { token });
    expect(exported.body.security_events.map((e: { kind: string }) => e.kind)).toEqual([
      'two_factor_enabled',
      'recovery_code_used',
      'passkey_added',
      'passkey_removed',
      'two_factor_disabled',
    ]);
  });

  it('a reset does not skip the second factor: the new password still leads to the code step', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const asked = await t.request('POST', '/api/users/password-reset', {
      body: { email: user.email },
      headers: { 'x-forwarded-for': '10.77.0.1' },
    });
    expect(asked.status).toBe(200);
    const mails = await mailsTo(t, smtp, user.email, /Restablece tu contraseña/);
    const resetToken = linkToken(mails.at(-1)!, '/restablecer/');
    const reset = await t.request('POST', '/api/users/password-reset/confirm', {
      body: { token: resetToken, password: 'ClaveNueva2026' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).not.toHaveProperty('jwt_token');
    const res = await login(user.email, 'ClaveNueva2026');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ two_factor_required: true, challenge_token: expect.any(String) });
    expect((await secondStep(res.body.challenge_token, '000000')).status).toBe(400);
    expect((await secondStep(res.body.challenge_token, totpCode(t, secret))).status).toBe(200);
    expect((await t.request('GET', '/api/users/profile', { token })).status).toBe(401);
  });

  it('with two-step verification on, changing the e-mail also takes a current code', async () => {
    const { user, token } = await insertUserWithToken(t);
    const { secret } = await enableTwoFactor(t, token);
    const change = (extra: Record<string, unknown>) =>
      t.request('POST', '/api/users/me/email', {
        token,
        body: { new_email: `nuevo_${user.id}@test.dev`, current_password: TEST_PASSWORD, ...extra },
      });
    const missing = await change({});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ code: 'El código es obligatorio' });
    const wrong = await change({ code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: 'Código incorrecto' });
    expect(await mailsTo(t, smtp, `nuevo_${user.id}@test.dev`, /./)).toEqual([]);
    expect((await change({ code: totpCode(t, secret) })).status).toBe(200);
    expect((await mailsTo(t, smtp, `nuevo_${user.id}@test.dev`, /./)).length).toBe(1);
  });

  it('without two-step verification the e-mail change asks for no code', async () => {
    const { user, token } = await insertUserWithToken(t);
    const res = await t.request('POST', '/api/users/me/email', {
      token,
      body: { new_email: `sin_codigo_${user.id}@test.dev`, current_password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  });
});
