import type { Database } from '../../platform/db.ts';

/** SQL of two-step verification: the secret, its recovery codes and login challenges. */
export const twoFactorRepository = {
  async findTotp(db: Database, userId: number) {
    return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  async isEnabled(db: Database, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('user_totp')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A new secret waiting for its first code; refused (false) while one is already on. */
  async savePendingSecret(db: Database, userId: number, sealed: string, now: Date): Promise<boolean> {
    const result = await db
      .insertInto('user_totp')
      .values({ user_id: userId, secret_encrypted: sealed, created_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_encrypted: sealed, last_step: null })
          .where('user_totp.enabled_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /**
   * Takes the code of `step`: only when no code of this step or a later one was taken before, in
   * one statement, so two requests with the same code cannot both pass. `sealed` pins the secret
   * the code was checked against (a set-up redone meanwhile does not count).
   */
  async takeStep(db: Database, userId: number, step: number, sealed: string): Promise<boolean> {
    const result = await db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('secret_encrypted', '=', sealed)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async markEnabled(db: Database, userId: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('user_totp')
      .set({ enabled_at: now })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async replaceRecoveryCodes(db: Database, userId: number, hashes: string[]): Promise<void> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('user_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  },

  /** Spends an unused recovery code, once ever (a conditional update: racing uses pass once). */
  async spendRecoveryCode(db: Database, userId: number, hash: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('user_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async remainingRecoveryCodes(db: Database, userId: number): Promise<number> {
    const row = await db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Two-step verification off: the secret, the codes and any login waiting for a code go. */
  async remove(db: Database, userId: number): Promise<boolean> {
    const result = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
    return Number(result.numDeletedRows) > 0;
  },

  async insertChallenge(
    db: Database,
    row: {
      token_hash: string;
      user_id: number;
      user_agent: string | null;
      created_at: Date;
      expires_at: Date;
    },
  ): Promise<void> {
    // Challenges that ended or expired are of no further use.
    await db
      .deleteFrom('login_challenges')
      .where('user_id', '=', row.user_id)
      .where((eb) => eb.or([eb('ended_at', 'is not', null), eb('expires_at', '<=', row.created_at)]))
      .execute();
    await db.insertInto('login_challenges').values(row).execute();
  },

  /**
   * Counts one attempt at the challenge before its code is weighed, while it is open (not ended,
   * not expired) and has had fewer than `maxAttempts`: requests fired at once cannot get more
   * codes checked than that. Answers the challenge's account and attempts so far, or undefined.
   */
  async claimAttempt(db: Database, tokenHash: string, maxAttempts: number, now: Date) {
    return db
      .updateTable('login_challenges')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .where('failures', '<', maxAttempts)
      .returning(['user_id', 'user_agent', 'failures'])
      .executeTakeFirst();
  },

  async endChallenge(db: Database, tokenHash: string, now: Date): Promise<void> {
    await db
      .updateTable('login_challenges')
      .set({ ended_at: now })
      .where('token_hash', '=', tokenHash)
      .where('ended_at', 'is', null)
      .execute();
  },

  /** Ends the challenge on success; only one request can (false: it ended or expired meanwhile). */
  async completeChallenge(db: Database, tokenHash: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('login_challenges')
      .set({ ended_at: now })
      .where('token_hash', '=', tokenHash)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
