import { emailPreferenceTypes, preferenceMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailRepository } from '../../../src/modules/mail/mail.repository.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { rawHeader, type SmtpSink, startSmtpSink } from './smtp-sink.ts';

type User = Awaited<ReturnType<typeof insertUserWithToken>>;
const allOn = Object.fromEntries(emailPreferenceTypes.map((type) => [type, true]));

describe('e-mail preferences, one-click unsubscribe and SMTP outages', { timeout: 240_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let seller: User;
  let asker: User;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://subastas.example.co' } });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'p_vendedor' });
    asker = await insertUserWithToken(t, { username: 'p_curiosa' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop().catch(() => {});
  });

  /** Asks a question on a new product of `owner`'s: the owner gets a `questions` e-mail. */
  async function askOn(owner: User, text = '¿Está completo?') {
    const product = await insertProduct(t.ctx.db, owner.user.id, { name: `Pregunta ${Math.random()}` });
    const res = await t.request('POST', '/api/questions', {
      token: asker.token,
      body: { product_id: product.id, text },
    });
    expect(res.status).toBe(201);
    return product;
  }
  const pending = async () =>
    (await t.ctx.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute()).length;

  it('answers every type on at first; PUT saves them; bad input is a Spanish 400 that changes nothing', async () => {
    const fresh = await t.request('GET', '/api/notification-preferences', { token: seller.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ email: allOn, push: allOn });
    expect((await t.request('GET', '/api/notification-preferences')).status).toBe(401);

    for (const body of [
      { email: { ...allOn, outbid: 'no' } },
      { email: { outbid: false } },
      { email: { ...allOn, extra: true } },
      { email: allOn, push: { ...allOn, outbid: 'no' } },
      { email: allOn, push: { outbid: false } },
      { email: null },
      [],
    ]) {
      const bad = await t.request('PUT', '/api/notification-preferences', { token: seller.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(/[áéíóúñ]|Los datos|Indica/);
    }
    const saved = await t.request('PUT', '/api/notification-preferences', {
      token: seller.token,
      body: { email: { ...allOn, questions: false, claims: false } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toMatchObject({ questions: false, claims: false, outbid: true });
    const read = await t.request('GET', '/api/notification-preferences', { token: seller.token });
    expect(read.body).toEqual(saved.body);
    // Another user's preferences are their own.
    expect((await t.request('GET', '/api/notification-preferences', { token: asker.token })).body).toEqual({
      email: allOn,
      push: allOn,
    });
  });

  it('simultaneous saves apply one after the other: every answer 200, the result one of them whole', async () => {
    const user = await insertUserWithToken(t, { username: 'p_prisa' });
    const bodies = emailPreferenceTypes.map((type) => ({ email: { ...allOn, [type]: false } }));
    const answers = await Promise.all(
      bodies.map((body) => t.request('PUT', '/api/notification-preferences', { token: user.token, body })),
    );
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    const final = await t.request('GET', '/api/notification-preferences', { token: user.token });
    // Saves without `push` leave the push choices as they were.
    expect(bodies.map((body) => ({ ...body, push: allOn }))).toContainEqual(final.body);
  });

  it('a type turned off sends nothing; turned on again it sends', async () => {
    const before = smtp.to(seller.user.email).length;
    await askOn(seller);
    await t.ctx.jobs.runDue();
    expect(smtp.to(seller.user.email).length).toBe(before);
    // The in-app notification still arrives.
    const notices = await t.request('GET', '/api/notifications', { token: seller.token });
    expect(notices.body.data[0].type).toBe('question');

    await t.request('PUT', '/api/notification-preferences', { token: seller.token, body: { email: allOn } });
    await askOn(seller);
    await t.ctx.jobs.runDue();
    expect(smtp.to(seller.user.email).length).toBe(before + 1);
  });

  it('the one-click POST from the mail program works without a login; a tampered token changes nothing', async () => {
    const owner = await insertUserWithToken(t, { is_seller: true, username: 'p_baja' });
    await askOn(owner);
    await t.ctx.jobs.runDue();
    const [mail] = smtp.to(owner.user.email);
    const header = rawHeader(mail!, 'list-unsubscribe')!;
    const url = new URL(header.slice(1, -1));
    expect(url.pathname).toMatch(/^\/unsubscribe\//);
    const token = url.pathname.split('/')[2]!;

    const tampered = [
      token.replace(/^\d+/, String(seller.user.id)),
      token.replace('.questions.', '.outbid.'),
      `${token.slice(0, -2)}xx`,
      'nada',
      `${token}x`,
      `${token.split('.')[0]}.questions`,
    ];
    for (const bad of tampered) {
      const res = await t.request('POST', `/unsubscribe/${encodeURIComponent(bad)}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(preferenceMessages.invalidToken);
    }
    for (const user of [owner, seller]) {
      const prefs = await t.request('GET', '/api/notification-preferences', { token: user.token });
      expect(prefs.body).toEqual({ email: allOn, push: allOn });
    }

    // As RFC 8058 mail programs send it: a form body, no login.
    const oneClick = await t.request('POST', url.pathname, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ type: 'questions' });
    // The web page's POST (empty JSON body) is the same and may repeat.
    const again = await t.request('POST', url.pathname, { headers: { 'content-type': 'application/json' } });
    expect(again.status).toBe(200);
    const prefs = await t.request('GET', '/api/notification-preferences', { token: owner.token });
    expect(prefs.body.email).toEqual({ ...allOn, questions: false });

    const before = smtp.to(owner.user.email).length;
    await askOn(owner);
    await t.ctx.jobs.runDue();
    expect(smtp.to(owner.user.email).length).toBe(before);
  });

  it('SMTP refusing connections delays the e-mail; nothing is lost or sent twice; /metrics shows the queue', async () => {
    const owner = await insertUserWithToken(t, { is_seller: true, username: 'p_caida' });
    await smtp.stop();
    const started = Date.now();
    const product = await askOn(owner, '¿Sigue disponible?');
    // The request did not wait on SMTP (the job sends later).
    expect(Date.now() - started).toBeLessThan(2_000);
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    expect(await pending()).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', owner.user.email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.last_error).toBeTruthy();
    const metrics = await fetch(`${t.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/mail_outbox_pending\{[^}]*\} [1-9]/);
    expect(metrics).toMatch(/mail_outbox_retrying\{[^}]*\} [1-9]/);

    await smtp.start();
    // Not yet due again: the retry waits.
    await t.ctx.jobs.runDue();
    expect(smtp.to(owner.user.email)).toHaveLength(0);
    await t.advanceClock(5 * 60);
    await t.ctx.jobs.runDue();
    await t.advanceClock(60 * 60);
    await t.ctx.jobs.runDue();
    const arrived = smtp.to(owner.user.email);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.text).toContain(product.name);
    const sent = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['status', 'sent_at'])
      .where('to_address', '=', owner.user.email)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(await pending()).toBe(0);
  });

  it('a scrape of /metrics counts the queue with one query for its three figures', async () => {
    const counts = vi.spyOn(mailRepository, 'outboxCounts');
    try {
      const metrics = await fetch(`${t.url}/metrics`).then((r) => r.text());
      for (const name of ['mail_outbox_pending', 'mail_outbox_retrying', 'mail_outbox_failed'])
        expect(metrics).toMatch(new RegExp(`^${name}\\{[^}]*\\} \\d+$`, 'm'));
      expect(counts).toHaveBeenCalledTimes(1);
      await fetch(`${t.url}/metrics`).then((r) => r.text());
      expect(counts).toHaveBeenCalledTimes(2);
    } finally {
      counts.mockRestore();
    }
  });

  it('a rolled-back event sends nothing', async () => {
    const before = smtp.received.length;
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('notifications')
          .values({
            user_id: seller.user.id,
            type: 'question',
            title: 'Nunca',
            message: 'Revertida',
            link: '/',
            created_at: t.ctx.clock.now(),
          })
          .execute();
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.ctx.jobs.runDue();
    expect(smtp.received.length).toBe(before);
  });
});
