import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../helpers/build-app.ts';
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
