import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

export interface ClaimedPush {
  id: number;
  subscription_id: number;
  kind: string;
  data: { title: string; body: string; url: string };
  topic: string | null;
  attempts: number;
  created_at: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const pushRepository = {
  /** Locks the account's row: subscriptions of one account are added one after the other. */
  lockUser(trx: Database, userId: number) {
    return trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  async countOtherDevices(trx: Database, userId: number, endpoint: string): Promise<number> {
    const row = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('endpoint', '<>', endpoint)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /**
   * The device's subscription, now this user's and this session's: an endpoint is one browser
   * profile, so whoever subscribed it last receives its pushes.
   */
  upsert(
    trx: Database,
    values: {
      user_id: number;
      session_id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      user_agent: string | null;
      created_at: Date;
    },
  ) {
    return trx
      .insertInto('push_subscriptions')
      .values(values)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: values.user_id,
          session_id: values.session_id,
          p256dh: values.p256dh,
          auth: values.auth,
          user_agent: values.user_agent,
        }),
      )
      .returning(['endpoint', 'user_agent', 'created_at', 'session_id'])
      .executeTakeFirstOrThrow();
  },

  remove(db: Database, userId: number, endpoint: string) {
    return db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .execute();
  },

  removeById(db: Database, id: number) {
    return db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  async devices(db: Database, userId: number, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'user_agent', 'created_at', 'session_id'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  },

  async optOuts(db: Database, userId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('push_opt_outs')
      .select('preference')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.preference);
  },

  /** Replaces the user's push opt-outs (the caller holds the user's row lock). */
  async setOptOuts(trx: Database, userId: number, off: readonly string[], now: Date) {
    await trx.deleteFrom('push_opt_outs').where('user_id', '=', userId).execute();
    if (off.length > 0)
      await trx
        .insertInto('push_opt_outs')
        .values(off.map((preference) => ({ user_id: userId, preference, created_at: now })))
        .execute();
  },

  /**
   * Claims up to `limit` due pushes (`FOR UPDATE SKIP LOCKED`: processes share the work) and puts
   * their next attempt a lease ahead, so a process that dies while sending leaves them to be
   * retried, not lost.
   */
  async claimDue(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
    const result = await sql<ClaimedPush>`
      update push_outbox o
      set next_attempt_at = ${leaseUntil}, attempts = o.attempts + 1
      from push_subscriptions s
      where o.id in (
          select id from push_outbox
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        and s.id = o.subscription_id
      returning o.id, o.subscription_id, o.kind, o.data, o.topic, o.attempts, o.created_at,
                s.endpoint, s.p256dh, s.auth
    `.execute(db);
    return result.rows;
  },

  delivered(db: Database, id: number) {
    return db.deleteFrom('push_outbox').where('id', '=', id).execute();
  },

  retryLater(db: Database, id: number, at: Date, error: string, giveUp: boolean) {
    return db
      .updateTable('push_outbox')
      .set({ status: giveUp ? 'failed' : 'pending', next_attempt_at: at, last_error: error.slice(0, 500) })
      .where('id', '=', id)
      .execute();
  },

  /** Given-up pushes are kept a week for whoever looks into why, then forgotten. */
  pruneFailed(db: Database, before: Date) {
    return db
      .deleteFrom('push_outbox')
      .where('status', '=', 'failed')
      .where('created_at', '<', before)
      .execute();
  },

  async outboxCounts(db: Database) {
    const row = await sql<{ pending: number; retrying: number; failed: number }>`
      select count(*) filter (where status = 'pending')::integer as pending,
             count(*) filter (where status = 'pending' and last_error is not null)::integer as retrying,
             count(*) filter (where status = 'failed')::integer as failed
      from push_outbox
    `.execute(db);
    return row.rows[0] ?? { pending: 0, retrying: 0, failed: 0 };
  },
};
