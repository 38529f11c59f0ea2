import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The outbid e-mail as the trigger on `notifications` writes it inside every bid's statement:
 * at most one per product per 30 minutes whatever the clock says, and its cost the same for a
 * bidder with thousands of recent e-mails as for one with none.
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

  it('costs a bidder with thousands of recent outbid e-mails what it costs one with none', async () => {
    const busy = await insertUserWithToken(t, { username: 'tr_muchas' });
    const quiet = await insertUserWithToken(t, { username: 'tr_pocas' });
    // Outbid on 4,000 products within the last minutes: 4,000 e-mails in the throttle's window.
    for (let from = 1; from <= 4000; from += 500)
      await sql`
        insert into notifications (user_id, type, title, message, link, created_at)
        select ${busy.user.id}, 'outbid', 'Te han superado en una puja', 'Alguien ofreció más.',
               '/auctions/product/' || (100000 + n), ${t.ctx.clock.now()}::timestamptz
        from generate_series(${from}::integer, ${from + 499}::integer) n
      `.execute(t.ctx.db);
    expect(await outbidMails(busy.user.id)).toHaveLength(4000);
    const timed = async (userId: number, productId: number) => {
      const started = performance.now();
      await outbid(userId, productId);
      return performance.now() - started;
    };
    const busyTimes: number[] = [];
    const quietTimes: number[] = [];
    // Interleaved, so both meet the same machine load: a first outbid on a product (written),
    // then a repeat (throttled; for the busy bidder on one of the products of before).
    for (let i = 0; i < 40; i++) {
      quietTimes.push(await timed(quiet.user.id, 200000 + i));
      busyTimes.push(await timed(busy.user.id, 200000 + i));
      quietTimes.push(await timed(quiet.user.id, 200000 + i));
      busyTimes.push(await timed(busy.user.id, 100001 + i * 97));
    }
    const busyMedian = median(busyTimes);
    const quietMedian = median(quietTimes);
    expect(busyMedian, `busy ${busyMedian.toFixed(2)} ms, quiet ${quietMedian.toFixed(2)} ms`).toBeLessThan(
      1.5 * quietMedian + 0.3,
    );
    expect(await outbidMails(busy.user.id)).toHaveLength(4040);
  });
});
