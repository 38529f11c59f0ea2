import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** Only a link token's sha256 is stored: a copy of the database opens no account. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

type LinkTable = 'password_reset_tokens' | 'email_change_tokens';

export const accountRecoveryRepository = {
  /** The one statement a reset request costs, whether or not the address has an account. */
  insertResetRequest(db: Database, email: string, ip: string, at: Date) {
    return db.insertInto('password_reset_requests').values({ email, ip, requested_at: at }).execute();
  },

  /** The oldest unprocessed request, claimed for this transaction (other processes skip it). */
  claimResetRequest(trx: Database) {
    return trx
      .selectFrom('password_reset_requests')
      .select(['id', 'email', 'ip', 'requested_at'])
      .where('processed_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  },

  markResetRequest(trx: Database, id: number, at: Date, sent: boolean) {
    return trx
      .updateTable('password_reset_requests')
      .set({ processed_at: at, sent })
      .where('id', '=', id)
      .execute();
  },

  /** Requests from one client address are judged one at a time (the hourly count holds). */
  async lockAddress(trx: Database, ip: string) {
    await sql`select pg_advisory_xact_lock(hashtext(${`password-reset:${ip}`}))`.execute(trx);
  },

  async linksSentToAddressSince(trx: Database, ip: string, since: Date): Promise<number> {
    const row = await trx
      .selectFrom('password_reset_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '=', ip)
      .where('sent', '=', true)
      .where('requested_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async linksCreatedSince(trx: Database, table: LinkTable, userId: number, since: Date): Promise<number> {
    const row = await trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Voids the account's links that are still usable: a newer one replaces them, or one was spent. */
  voidLinks(trx: Database, table: LinkTable, userId: number, at: Date) {
    return trx
      .updateTable(table)
      .set({ voided_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
  },

  insertResetLink(trx: Database, values: { userId: number; tokenHash: string; now: Date; expiresAt: Date }) {
    return trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: values.userId,
        token_hash: values.tokenHash,
        created_at: values.now,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  insertEmailLink(
    trx: Database,
    values: { userId: number; newEmail: string; tokenHash: string; now: Date; expiresAt: Date },
  ) {
    return trx
      .insertInto('email_change_tokens')
      .values({
        user_id: values.userId,
        new_email: values.newEmail,
        token_hash: values.tokenHash,
        created_at: values.now,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  /** A link that still works at `now`, locked for spending (two requests with it: one wins). */
  lockUsableResetLink(trx: Database, tokenHash: string, now: Date) {
    return trx
      .selectFrom('password_reset_tokens')
      .select(['id', 'user_id'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .where('expires_at', '>', now)
      .forUpdate()
      .executeTakeFirst();
  },

  lockUsableEmailLink(trx: Database, tokenHash: string, now: Date) {
    return trx
      .selectFrom('email_change_tokens')
      .select(['id', 'user_id', 'new_email'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .where('expires_at', '>', now)
      .forUpdate()
      .executeTakeFirst();
  },

  spendLink(trx: Database, table: LinkTable, id: number, at: Date) {
    return trx.updateTable(table).set({ used_at: at }).where('id', '=', id).execute();
  },

  lockUser(trx: Database, userId: number) {
    return trx
      .selectFrom('users')
      .select(['id', 'email', 'suspended_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Another account holding the address (any case). */
  async emailTakenByOther(db: Database, email: string, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('id', '<>', userId)
      .executeTakeFirst();
    return row !== undefined;
  },

  setEmail(trx: Database, userId: number, email: string, at: Date) {
    return trx.updateTable('users').set({ email, updated_at: at }).where('id', '=', userId).execute();
  },

  /** Requests processed more than a day ago are of no further use (the limits look back an hour). */
  pruneResetRequests(db: Database, before: Date) {
    return db.deleteFrom('password_reset_requests').where('processed_at', '<', before).execute();
  },
};
