import type { Database } from '../../platform/db.ts';

/*
 * Changes to an account that other modules decide (the operator's invitations and suspensions,
 * a seller's vacation): the users module writes its table, the deciding module asks it here.
 */

/** The invited account, with no password until the person chooses one. */
export async function insertInvitedAccount(
  trx: Database,
  input: { email: string; username: string; isSeller: boolean; now: Date },
): Promise<number> {
  const user = await trx
    .insertInto('users')
    .values({
      email: input.email,
      username: input.username,
      // Nothing verifies against an empty hash.
      password_hash: '',
      is_seller: input.isSeller,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** The invited person chose their password: the account can log in from now on. */
export async function setInvitedPassword(
  trx: Database,
  input: { userId: number; passwordHash: string; now: Date },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: input.passwordHash, password_changed_at: input.now, updated_at: input.now })
    .where('id', '=', input.userId)
    .execute();
}

/** Suspends an account from `now` with its reason, or lifts its suspension (`reason` null). */
export async function setSuspension(
  trx: Database,
  userId: number,
  reason: string | null,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ suspended_at: reason === null ? null : now, suspension_reason: reason, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * A seller's vacation as stored on their account: away until `until` (null ends it) with the
 * message buyers are shown.
 */
export async function setSellerAway(
  db: Database,
  userId: number,
  away: { until: Date | null; message: string | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ away_until: away.until, away_message: away.message, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
