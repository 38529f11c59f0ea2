import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/**
 * The outbid e-mail as the trigger on `notifications` writes it inside every bid's statement:
 * at most one per product per 30 minutes whatever the clock says, answered by key from the
 * dedupe index however many recent e-mails the bidder has.
 */
describe('outbid e-mails from the notifications trigger', { timeout: 240_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** An outbid notice as the bid statement writes it. */
  const outbid = (userId: number, productId: number) =>
    t.ctx.db
      .insertInto('notifications')
      .values({
        user_id: userId,
        type: 'outbid',
        title: 'Te han superado en una puja',
        message: 'Alguien ofreció más.',
        link: `/auctions/product/${productId}`,
        created_at: t.ctx.clock.now(),
      })
      .execute();
  const outbidMails = async (userId: number, productId?: number) =>
    (
      await t.ctx.db
        .selectFrom('mail_outbox')
        .select(['data', 'to_address'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'outbid')
        .execute()
    ).filter((row) =>
      productId === undefined
        ? true
        : (row.data as { link: string }).link === `/auctions/product/${productId}`,
    );

  it('at most one per product per 30 minutes, across any half-hour boundary', async () => {
    const { user } = await insertUserWithToken(t, { username: 'tr_limite' });
    // A minute before the clock's next half hour.
    const seconds = Math.floor(t.ctx.clock.now().getTime() / 1000);
    const toBoundary = 1800 - (seconds % 1800);
    await t.advanceClock(toBoundary > 60 ? toBoundary - 60 : toBoundary + 1740);
    await outbid(user.id, 1);
    expect(await outbidMails(user.id, 1)).toHaveLength(1);
    // Two minutes later, past the half hour: still within 30 minutes of the e-mail.
    await t.advanceClock(120);
    await outbid(user.id, 1);
    // Another product is its own.
    await outbid(user.id, 2);
    expect(await outbidMails(user.id, 1)).toHaveLength(1);
    expect(await outbidMails(user.id, 2)).toHaveLength(1);
    // 29 minutes after the e-mail: none; 31 minutes after it: the next one.
    await t.advanceClock(27 * 60);
    await outbid(user.id, 1);
    expect(await outbidMails(user.id, 1)).toHaveLength(1);
    await t.advanceClock(2 * 60);
    await outbid(user.id, 1);
    const mails = await outbidMails(user.id, 1);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.to_address).toBe(user.email);
  });

  it('bids racing for the same e-mail write one', async () => {
    const { user } = await insertUserWithToken(t, { username: 'tr_carrera' });
    await Promise.all(Array.from({ length: 6 }, () => outbid(user.id, 3)));
    expect(await outbidMails(user.id, 3)).toHaveLength(1);
  });

  it('an opted-out bidder gets none, and the throttle does not count what was not written', async () => {
    const { user, token } = await insertUserWithToken(t, { username: 'tr_no_quiere' });
    const prefs = await t.request('GET', '/api/notification-preferences', { token });
    const set = (outbid: boolean) =>
      t.request('PUT', '/api/notification-preferences', {
        token,
        body: { email: { ...prefs.body.email, outbid } },
      });
    expect((await set(false)).status).toBe(200);
    await outbid(user.id, 4);
    expect(await outbidMails(user.id)).toHaveLength(0);
    expect((await set(true)).status).toBe(200);
    await outbid(user.id, 4);
    expect(await outbidMails(user.id, 4)).toHaveLength(1);
  });

  it('answers a bidder with thousands of recent outbid e-mails from the dedupe index, by key', async () => {
    const busy = await insertUserWithToken(t, { username: 'tr_muchas' });
    // Outbid on 4,000 products within the last minutes: 4,000 e-mails in the throttle's window.
    for (let from = 1; from <= 4000; from += 500)
      await sql`
        insert into notifications (user_id, type, title, message, link, created_at)
        select ${busy.user.id}, 'outbid', 'Te han superado en una puja', 'Alguien ofreció más.',
               '/auctions/product/' || (100000 + n), ${t.ctx.clock.now()}::timestamptz
        from generate_series(${from}::integer, ${from + 499}::integer) n
      `.execute(t.ctx.db);
    expect(await outbidMails(busy.user.id)).toHaveLength(4000);
    // A first outbid on 40 more products (written), and a repeat on 40 of before (throttled).
    for (let i = 0; i < 40; i++) {
      await outbid(busy.user.id, 200000 + i);
      await outbid(busy.user.id, 100001 + i * 97);
    }
    expect(await outbidMails(busy.user.id)).toHaveLength(4040);
    // The trigger's throttle question, planned on the table as it now is: two probes of the
    // unique dedupe index by key, whatever the bidder's e-mail count (a scan of the bidder's
    // rows, or of the table, is what made it cost more with every e-mail).
    await sql`analyze mail_outbox`.execute(t.ctx.db);
    const now = t.ctx.clock.now();
    const slot = Math.floor(now.getTime() / 1000 / 1800);
    const key = (s: number) =>
      sql`mail_throttle_key('outbid', ${sql.lit(busy.user.id)}, '/auctions/product/100001', ${sql.lit(s)})`;
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain select 1 from mail_outbox m
      where m.dedupe_key in (${key(slot)}, ${key(slot - 1)})
        and m.created_at > ${sql.lit(now.toISOString())}::timestamptz - 1800 * interval '1 second'
    `.execute(t.ctx.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('mail_outbox_dedupe_idx');
    expect(plan).toMatch(/Index Cond: \(dedupe_key = ANY/);
    expect(plan).not.toContain('Seq Scan');
  });
});
