import type { EmailPreferenceType } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export const mailRepository = {
  async optOuts(db: Database, userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('email_opt_outs')
      .select('preference')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.preference);
  },

  /** Saves of one user's preferences take their turns on the user's row. */
  async lockUser(trx: Database, userId: number) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  },

  /**
   * Replaces the user's opt-outs with `off`. The user's row is locked first, so simultaneous
   * saves apply one after the other (the last one wins whole) instead of colliding on the rows.
   */
  async setOptOuts(trx: Database, userId: number, off: EmailPreferenceType[], now: Date) {
    await mailRepository.lockUser(trx, userId);
    await trx.deleteFrom('email_opt_outs').where('user_id', '=', userId).execute();
    if (off.length > 0)
      await trx
        .insertInto('email_opt_outs')
        .values(off.map((preference) => ({ user_id: userId, preference, created_at: now })))
        .execute();
  },

  /** Turns one type off; answers false when the user does not exist. */
  async optOut(db: Database, userId: number, preference: EmailPreferenceType, now: Date): Promise<boolean> {
    const result = await sql`
      insert into email_opt_outs (user_id, preference, created_at)
      select id, ${preference}, ${now}::timestamptz from users where id = ${userId}
      on conflict (user_id, preference) do nothing
    `.execute(db);
    if (Number(result.numAffectedRows ?? 0) > 0) return true;
    return (
      (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
    );
  },

  /** Outbox figures for /metrics: waiting, retrying after a failure, given up. */
  async outboxCounts(db: Database) {
    const row = await sql<{ pending: number; retrying: number; failed: number }>`
      select count(*) filter (where status = 'pending')::integer as pending,
             count(*) filter (where status = 'pending' and last_error is not null)::integer as retrying,
             count(*) filter (where status = 'failed')::integer as failed
      from mail_outbox where status <> 'sent'
    `.execute(db);
    return row.rows[0] ?? { pending: 0, retrying: 0, failed: 0 };
  },

  /**
   * One reminder per won item whose payment window ends within 24 hours, written in one
   * statement (the dedupe key makes it once per payment, whichever process gets there first).
   */
  async enqueuePaymentReminders(db: Database, now: Date): Promise<number> {
    const result = await sql`
      insert into mail_outbox (user_id, to_address, kind, preference, data, dedupe_key, next_attempt_at, created_at)
      select p.buyer_id, u.email, 'payment_reminder', 'payment_reminder',
             -- The values of its text; the words are written when it is sent (mail-copy.ts).
             jsonb_build_object('product', pr.name, 'offer', p.kind = 'offer', 'link', '/auctions/won/'),
             'payment_reminder:' || p.id, ${now}::timestamptz, ${now}::timestamptz
      from payments p
      join users u on u.id = p.buyer_id
      join products pr on pr.id = p.product_id
      where p.kind in ('auction', 'offer') and p.status = 'pending'
        and p.expires_at > ${now}::timestamptz and p.expires_at <= ${now}::timestamptz + interval '24 hours'
        and not exists (select 1 from mail_outbox m where m.dedupe_key = 'payment_reminder:' || p.id)
        and not exists (select 1 from email_opt_outs o where o.user_id = p.buyer_id and o.preference = 'payment_reminder')
        -- A deleted account's placeholder address receives nothing.
        and mail_deliverable(u.email)
      on conflict (dedupe_key) where dedupe_key is not null do nothing
    `.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};
