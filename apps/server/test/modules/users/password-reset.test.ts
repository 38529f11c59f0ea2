import { createHash } from 'node:crypto';
import { adminMessages, accountRecoveryMessages as messages, userMessages } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink.ts';
import { linkToken, mailsTo, PUBLIC_URL } from './recovery-support.ts';

const RESET_ANSWER = {
  message: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.',
};
const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ya expiró';

describe('password reset by e-mail', { timeout: 240_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL, LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const ask = (email: unknown, address = '10.9.0.1') =>
    t.request('POST', '/api/users/password-reset', {
      body: { email },
      headers: { 'x-forwarded-for': address },
    });
  const confirm = (body: unknown) => t.request('POST', '/api/users/password-reset/confirm', { body });
  const login = (email: string, password: string) =>
    t.request('POST', '/api/users/login', { body: { email, password } });
  const profile = (token: string) => t.request('GET', '/api/users/profile', { token });
  /** Asks for a link for `email` and answers its token, from the e-mail sent. */
  async function resetLink(email: string): Promise<string> {
    const before = smtp.to(email).length;
    expect((await ask(email)).body).toEqual(RESET_ANSWER);
    const mails = await mailsTo(t, smtp, email, /Restablece tu contraseña/);
    expect(mails).toHaveLength(before + 1);
    return linkToken(mails.at(-1)!, '/restablecer/');
  }

  it('an unknown and a known address get the same answer; only the account is e-mailed, with a one-time link', async () => {
    const { user, token: session } = await insertUserWithToken(t);
    const unknown = await ask('nadie-con-este-correo@test.dev');
    const known = await ask(user.email.toUpperCase());
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(RESET_ANSWER);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers.get('content-length')).toBe(unknown.headers.get('content-length'));
    expect(await mailsTo(t, smtp, 'nadie-con-este-correo@test.dev', /./)).toEqual([]);
    const mails = await mailsTo(t, smtp, user.email, /Restablece tu contraseña/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('1 hora');
    const token = linkToken(mails[0]!, '/restablecer/');
    expect(token).toMatch(/^[\w-]{43}$/);

    // Only the token's sha256 is stored; the outbox forgot the link once the e-mail went out.
    const stored = await t.ctx.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const dump = await sql<{ row: string }>`select row_to_json(m)::text as row from mail_outbox m`.execute(
      t.ctx.db,
    );
    expect(dump.rows.map((r) => r.row).join('')).not.toContain(token);
    // Opening the link's page logs its address without the token.
    await t.request('GET', `/restablecer/${token}`);

    const done = await confirm({ token, password: 'RecuperadaClave2026' });
    expect(done.status).toBe(200);
    // It opens no session: the login that follows asks for every step the account has.
    expect(done.body).toEqual({ message: messages.passwordReset });
    expect((await login(user.email, 'RecuperadaClave2026')).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    // Every session of the account ended.
    expect((await profile(session)).status).toBe(401);
    // The password-changed notice went out, and the account was told in the app too.
    expect(await mailsTo(t, smtp, user.email, /Tu contraseña cambió/)).toHaveLength(1);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select(['type', 'title'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(notices).toEqual([
      { type: 'security', title: 'Pediste restablecer tu contraseña' },
      { type: 'security', title: 'Tu contraseña cambió' },
    ]);

    // Once: the same link again is refused and changes nothing.
    const again = await confirm({ token, password: 'OtraVezClave2026' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: INVALID_LINK, code: 'RESET_LINK_INVALID' });
    expect((await login(user.email, 'RecuperadaClave2026')).status).toBe(200);

    // Both events are in the person's export.
    const fresh = await t.login(user.email, 'RecuperadaClave2026');
    const exported = await t.request<{ security_events: Array<{ kind: string; created_at: string }> }>(
      'GET',
      '/api/users/me/export',
      { token: fresh },
    );
    expect(exported.body.security_events.map((e) => e.kind)).toEqual([
      'password_reset_requested',
      'password_reset',
    ]);
    expect(exported.body.security_events[0]!.created_at).toMatch(/Z$/);

    await new Promise((r) => setTimeout(r, 50));
    expect(logLines.join('')).toContain('/restablecer/[Redacted]');
    expect(logLines.join('')).not.toContain(token);
  });

  it('a newer link voids the older one; a link works for an hour and not after', async () => {
    const user = await insertUser(t.ctx.db);
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect((await confirm({ token: older, password: 'Vieja-Clave-2026' })).body.message).toBe(INVALID_LINK);
    await t.advanceClock(59 * 60);
    expect((await confirm({ token: newer, password: 'AunVale-2026' })).status).toBe(200);
    expect((await login(user.email, 'AunVale-2026')).status).toBe(200);

    const late = await resetLink(user.email);
    await t.advanceClock(61 * 60);
    const expired = await confirm({ token: late, password: 'Tarde-Clave-2026' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID_LINK);
    expect((await login(user.email, 'AunVale-2026')).status).toBe(200);
  });

  it('the same link sent twice at once sets the password once', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await resetLink(user.email);
    const answers = await Promise.all([
      confirm({ token, password: 'Carrera-Uno-2026' }),
      confirm({ token, password: 'Carrera-Dos-2026' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'Carrera-Uno-2026' : 'Carrera-Dos-2026';
    expect((await login(user.email, winner)).status).toBe(200);
    expect(await mailsTo(t, smtp, user.email, /Tu contraseña cambió/)).toHaveLength(1);
  });

  it('refuses bad input with a Spanish 400 and changes nothing', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await resetLink(user.email);
    const cases: Array<[unknown, string]> = [
      [{ token, password: 'Corta12' }, userMessages.passwordTooShort],
      [{ token }, userMessages.newPasswordRequired],
      [{ password: 'Suficiente-2026' }, INVALID_LINK],
      [{ token: 'x'.repeat(201), password: 'Suficiente-2026' }, INVALID_LINK],
      [{ token: 'no-es-un-enlace', password: 'Suficiente-2026' }, INVALID_LINK],
      [{ token: 42, password: 'Suficiente-2026' }, INVALID_LINK],
    ];
    for (const [body, message] of cases) {
      const res = await confirm(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    for (const email of ['', 'no-es-correo', 42]) {
      const res = await ask(email);
      expect(res.status).toBe(400);
      expect(res.body.code).toBeTruthy();
    }
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
    // The link still works after all that.
    expect((await confirm({ token, password: 'Suficiente-2026' })).status).toBe(200);
  });

  it('never lifts a suspension: a suspended account gets no link, and a link sent before is refused', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await resetLink(user.email);
    await t.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', user.id).execute();
    const refused = await confirm({ token, password: 'Suspendida-2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(adminMessages.suspended);
    expect((await ask(user.email)).body).toEqual(RESET_ANSWER);
    expect(await mailsTo(t, smtp, user.email, /Restablece/)).toHaveLength(1);
    const stillSuspended = await login(user.email, TEST_PASSWORD);
    expect(stillSuspended.status).toBe(403);
  });

  it('without RATE_LIMIT every request is answered by an e-mail (the limits are for production)', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 4; i++) expect((await ask(user.email)).body).toEqual(RESET_ANSWER);
    expect(await mailsTo(t, smtp, user.email, /Restablece/)).toHaveLength(4);
  });
});

describe('password reset limits (RATE_LIMIT)', { timeout: 240_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT: '1' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const ask = (email: string, address: string) =>
    t.request('POST', '/api/users/password-reset', {
      body: { email },
      headers: { 'x-forwarded-for': address },
    });

  it('at most 3 e-mails per account per hour, whatever the address; past that the same 200 and nothing sent', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 5; i++) {
      const res = await ask(user.email, `10.8.0.${i}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(RESET_ANSWER);
    }
    expect(await mailsTo(t, smtp, user.email, /Restablece/)).toHaveLength(3);
    await t.advanceClock(61 * 60);
    expect((await ask(user.email, '10.8.0.9')).status).toBe(200);
    expect(await mailsTo(t, smtp, user.email, /Restablece/)).toHaveLength(4);
  });

  it('at most 10 e-mails per client address per hour, across accounts', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => insertUser(t.ctx.db)));
    for (const user of users) expect((await ask(user.email, '10.8.1.1')).body).toEqual(RESET_ANSWER);
    await t.ctx.jobs.runDue();
    const mailed = users.filter((u) => smtp.to(u.email).length > 0);
    expect(mailed).toHaveLength(10);
    // Another address is not held back by that one.
    expect((await ask(users[11]!.email, '10.8.1.2')).status).toBe(200);
    expect(await mailsTo(t, smtp, users[11]!.email, /Restablece/)).toHaveLength(1);
  });
});
