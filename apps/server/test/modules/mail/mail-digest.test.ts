import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, securityNotice } from '../../../src/modules/mail/outbox.service.ts';
import { insertWonItem } from '../../factories/payments.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

const DAY = 24 * 3600;

/** The saved-search digest (at most one a day) and what a deleted account leaves behind. */
describe('saved-search digest and deleted accounts', { timeout: 240_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://subastas.example.co' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** A match notice as the saved-search feature writes it (`saved_search_match`). */
  const match = (userId: number, name: string) =>
    t.ctx.db
      .insertInto('notifications')
      .values({
        user_id: userId,
        type: 'saved_search_match',
        title: `Nuevos resultados para "${name}"`,
        message: 'Hay productos nuevos que coinciden con tu búsqueda guardada.',
        link: `/explorar?q=${encodeURIComponent(name)}`,
        created_at: t.ctx.clock.now(),
      })
      .execute();

  it('gathers matches into one e-mail a day', async () => {
    const { user } = await insertUserWithToken(t, { username: 'd_buscadora' });
    await match(user.id, 'Hot Wheels');
    await t.ctx.jobs.runDue();
    expect(smtp.to(user.email)).toHaveLength(1);

    // Within the day: gathered, not sent yet.
    await match(user.id, 'Matchbox');
    await t.advanceClock(3600);
    await match(user.id, 'Pokémon');
    await t.ctx.jobs.runDue();
    expect(smtp.to(user.email)).toHaveLength(1);

    // A day after the first digest: one more, with both matches.
    await t.advanceClock(DAY);
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Matchbox');
    expect(mails[1]!.text).toContain('Pokémon');
    expect(mails[1]!.subject).toBe('Nuevos resultados en tus búsquedas guardadas');
  });

  it('a match arriving while its digest is being sent goes in the next digest: none lost, none twice', async () => {
    const { user } = await insertUserWithToken(t, { username: 'd_carrera' });
    await match(user.id, 'Tomica');
    // The job has read the digest and is handing it to the SMTP server when a new match arrives.
    let arrived = false;
    smtp.hooks.beforeAccept = async (mail) => {
      if (arrived || !JSON.stringify(mail.to).includes(user.email)) return;
      arrived = true;
      await match(user.id, 'Majorette');
    };
    try {
      await t.ctx.jobs.runDue();
    } finally {
      smtp.hooks.beforeAccept = undefined;
    }
    expect(arrived).toBe(true);
    const first = smtp.to(user.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('Tomica');
    expect(first[0]!.text).not.toContain('Majorette');

    // It waits for the next day's digest, alone.
    await t.advanceClock(DAY - 60);
    expect(smtp.to(user.email)).toHaveLength(1);
    await t.advanceClock(60);
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Majorette');
    expect(mails[1]!.text).not.toContain('Tomica');
    await t.advanceClock(2 * DAY);
    expect(smtp.to(user.email)).toHaveLength(2);
  });

  it('a digest sent late is followed by the next one a day after it went, not after it was created', async () => {
    const { user } = await insertUserWithToken(t, { username: 'd_tarde' });
    await match(user.id, 'Siku');
    await t.ctx.jobs.runDue();
    // Gathered an hour after the first: due a day after the first was sent.
    await t.advanceClock(3600);
    await match(user.id, 'Welly');
    await t.advanceClock(DAY - 3600);
    expect(smtp.to(user.email)).toHaveLength(2);
    // Half an hour after that one went, a new match waits a whole day from then.
    await t.advanceClock(1800);
    await match(user.id, 'Bburago tarde');
    await t.advanceClock(DAY - 1800 - 60);
    expect(smtp.to(user.email)).toHaveLength(2);
    await t.advanceClock(60);
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.text).toContain('Bburago tarde');
  });

  it('a deleted account gets no e-mail: not from a notice, nor a direct e-mail, nor a payment reminder', async () => {
    const seller = await insertUserWithToken(t, { is_seller: true, username: 'd_vende' });
    const owner = await insertUserWithToken(t, { username: 'd_borrada' });
    const deleted = await t.request('POST', '/api/users/me/delete', {
      token: owner.token,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    const userId = owner.user.id;
    // Notices written for the account afterwards (each branch of the trigger: outbid, the
    // digest, any other type), a direct e-mail to the account, and a won item whose payment
    // window nears its end (its won notice and its reminder).
    for (const type of ['outbid', 'saved_search_match', 'question'])
      await t.ctx.db
        .insertInto('notifications')
        .values({
          user_id: userId,
          type,
          title: 'Aviso',
          message: 'Para una cuenta eliminada',
          link: '/auctions/product/1',
          created_at: t.ctx.clock.now(),
        })
        .execute();
    expect(await enqueueMail(t.ctx.db, [securityNotice.sessionsEnded(userId)], t.ctx.clock.now())).toBe(0);
    await insertWonItem(t.ctx.db, { sellerId: seller.user.id, buyerId: userId, now: t.ctx.clock.now() });
    await t.advanceClock(50 * 3600);
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
    expect(smtp.received.some((m) => JSON.stringify(m.to ?? '').includes('.invalid'))).toBe(false);
  });

  it('a deleted account loses its queued e-mails and gets no notice at the placeholder address', async () => {
    const owner = await insertUserWithToken(t, { username: 'd_se_va' });
    await match(owner.user.id, 'Bburago');
    await t.ctx.jobs.runDue();
    await match(owner.user.id, 'Maisto');
    const deleted = await t.request('POST', '/api/users/me/delete', {
      token: owner.token,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(rows).toEqual([]);
    await t.advanceClock(2 * DAY);
    expect(smtp.to(owner.user.email)).toHaveLength(1);
    expect(smtp.received.some((m) => m.to && JSON.stringify(m.to).includes('.invalid'))).toBe(false);
  });
});
