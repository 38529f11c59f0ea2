import { accountRecoveryMessages as messages, userMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordSecurityEvent,
  type SecurityEventDetails,
  securityEventKinds,
} from '../../../src/modules/users/security-notices.service.ts';
import { insertUser, insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink.ts';
import { linkToken, mailsTo, PUBLIC_URL } from './recovery-support.ts';

let counter = 0;
const newAddress = () => `nuevo_${process.pid}_${++counter}@correo.dev`;

describe('changing the e-mail address', { timeout: 240_000 }, () => {
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

  const ask = (token: string, body: unknown) => t.request('POST', '/api/users/me/email', { token, body });
  const confirm = (token: string, session?: string) =>
    t.request('POST', '/api/users/me/email/confirm', { token: session, body: { token } });
  const profile = (token: string) => t.request<{ email: string }>('GET', '/api/users/profile', { token });
  /** Asks for the change and answers the link's token from the e-mail to the new address. */
  async function changeLink(session: string, to: string): Promise<string> {
    const res = await ask(session, { new_email: to, current_password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.emailChangeRequested });
    const mails = await mailsTo(t, smtp, to, /Confirma tu nuevo correo/);
    return linkToken(mails.at(-1)!, '/confirmar-correo/');
  }

  it('confirmed from the new address: the address changes then, the old one is told, every other session ends', async () => {
    const { user, token: laptop } = await insertUserWithToken(t);
    const phone = await t.login(user.email, TEST_PASSWORD);
    const to = newAddress();
    const token = await changeLink(laptop, to.toUpperCase());
    // Nothing changed yet; the current address was told of the request.
    expect((await profile(laptop)).body.email).toBe(user.email);
    const told = await mailsTo(t, smtp, user.email, /Pediste cambiar tu correo/);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(to);

    const done = await confirm(token, laptop);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: messages.emailChanged, email: to });
    expect((await profile(laptop)).status).toBe(200);
    expect((await profile(laptop)).body.email).toBe(to);
    expect((await profile(phone)).status).toBe(401);
    const changed = await mailsTo(t, smtp, user.email, /El correo de tu cuenta cambió/);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain(to);
    expect(
      (await t.request('POST', '/api/users/login', { body: { email: to, password: TEST_PASSWORD } })).status,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/users/login', { body: { email: user.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(401);
    // Once.
    const again = await confirm(token, laptop);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: messages.emailLinkInvalid, code: 'EMAIL_LINK_INVALID' });

    const exported = await t.request<{ security_events: Array<{ kind: string }> }>(
      'GET',
      '/api/users/me/export',
      {
        token: laptop,
      },
    );
    expect(exported.body.security_events.map((e) => e.kind)).toEqual([
      'email_change_requested',
      'email_changed',
    ]);
  });

  it('a wrong password is a 400, a taken address a 409, the same address a 400; nothing is sent', async () => {
    const { user, token } = await insertUserWithToken(t);
    const other = await insertUser(t.ctx.db);
    const to = newAddress();
    const wrong = await ask(token, { new_email: to, current_password: 'no-es-la-actual' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: userMessages.wrongCurrentPassword,
      code: 'WRONG_CURRENT_PASSWORD',
    });
    const taken = await ask(token, { new_email: other.email.toUpperCase(), current_password: TEST_PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'Este correo ya está registrado', code: 'EMAIL_TAKEN' });
    const same = await ask(token, { new_email: user.email, current_password: TEST_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual({ new_email: messages.sameEmail });
    for (const body of [
      { new_email: 'no-es-correo', current_password: TEST_PASSWORD },
      { new_email: to },
      {},
    ]) {
      const res = await ask(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await t.request('POST', '/api/users/me/email', {
          body: { new_email: to, current_password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(await mailsTo(t, smtp, to, /./)).toEqual([]);
    expect(await mailsTo(t, smtp, user.email, /./)).toEqual([]);
  });

  it('a newer link voids the older; a link lasts 24 hours; opened logged out, every session ends', async () => {
    const { user, token: session } = await insertUserWithToken(t);
    const first = newAddress();
    const second = newAddress();
    const older = await changeLink(session, first);
    const newer = await changeLink(session, second);
    expect((await confirm(older)).body.message).toBe(messages.emailLinkInvalid);
    await t.advanceClock(23 * 3600);
    const done = await confirm(newer);
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(second);
    expect((await profile(session)).status).toBe(401);

    const fresh = await t.login(second, TEST_PASSWORD);
    const late = await changeLink(fresh, newAddress());
    await t.advanceClock(25 * 3600);
    expect((await confirm(late, fresh)).body.message).toBe(messages.emailLinkInvalid);
    expect((await profile(fresh)).body.email).toBe(second);
    expect(user.email).not.toBe(second);
  });

  it('an address another account took meanwhile is a 409 at confirmation; another account’s session keeps nothing of it', async () => {
    const { user, token } = await insertUserWithToken(t);
    const to = newAddress();
    const link = await changeLink(token, to);
    await insertUser(t.ctx.db, { email: to });
    const taken = await confirm(link, token);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.emailTaken);
    expect((await profile(token)).body.email).toBe(user.email);

    // Opened while logged in as someone else: the change is the link's account's, and all of its sessions end.
    const owner = await insertUserWithToken(t);
    const stranger = await insertUserWithToken(t);
    const target = newAddress();
    const strangers = await changeLink(owner.token, target);
    const res = await confirm(strangers, stranger.token);
    expect(res.status).toBe(200);
    expect((await profile(owner.token)).status).toBe(401);
    expect((await profile(stranger.token)).body.email).toBe(stranger.user.email);
  });

  it('a pending reset link (sent to the old address) stops working when the address changes', async () => {
    const { user, token } = await insertUserWithToken(t);
    await t.request('POST', '/api/users/password-reset', { body: { email: user.email } });
    const reset = linkToken((await mailsTo(t, smtp, user.email, /Restablece/))[0]!, '/restablecer/');
    const link = await changeLink(token, newAddress());
    expect((await confirm(link, token)).status).toBe(200);
    const res = await t.request('POST', '/api/users/password-reset/confirm', {
      body: { token: reset, password: 'DesdeElViejo-2026' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.resetLinkInvalid);
  });

  it('every security event kind: an always-sent e-mail, an in-app notice and a history row, only if the change commits', async () => {
    const { user, token } = await insertUserWithToken(t);
    // The user turned every optional e-mail off: security notices are sent anyway.
    const allOff = Object.fromEntries(
      [
        'outbid',
        'won',
        'payment_reminder',
        'payment',
        'shipping',
        'payout',
        'ending_soon',
        'saved_search',
        'questions',
        'claims',
      ].map((k) => [k, false]),
    );
    expect(
      (await t.request('PUT', '/api/notification-preferences', { token, body: { email: allOff } })).status,
    ).toBe(200);
    const details: SecurityEventDetails = {
      password_reset_requested: { link: '/restablecer/prueba' },
      password_reset: {},
      password_changed: {},
      email_change_requested: { new_email: 'otro@correo.dev' },
      email_changed: { old_email: user.email, new_email: user.email },
      two_factor_enabled: {},
      two_factor_disabled: {},
      passkey_added: { name: 'Mi teléfono' },
      passkey_removed: { name: 'Mi teléfono' },
      recovery_code_used: { remaining: 9 },
    };
    const now = t.ctx.clock.now();
    for (const kind of securityEventKinds) {
      await t.ctx.db
        .transaction()
        .execute((trx) => recordSecurityEvent(trx, user.id, kind, details[kind] as never, now));
    }
    // A change that rolls back tells nobody anything.
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await recordSecurityEvent(trx, user.id, 'two_factor_disabled', {}, now);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const history = await t.ctx.db
      .selectFrom('security_events')
      .select('kind')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.kind)).toEqual([...securityEventKinds]);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', user.id)
      .execute();
    expect(notices).toHaveLength(securityEventKinds.length);
    expect(notices.every((n) => n.type === 'security')).toBe(true);
    expect(notices.some((n) => n.message.includes('Mi teléfono'))).toBe(true);
    expect(notices.some((n) => n.message.includes('te quedan 9'))).toBe(true);
    expect(await mailsTo(t, smtp, user.email, /./)).toHaveLength(securityEventKinds.length);
  });
});
