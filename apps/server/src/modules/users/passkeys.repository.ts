import type { Database } from '../../platform/db.ts';

/** SQL of passkeys and of the WebAuthn challenges their ceremonies sign. */
export const passkeysRepository = {
  async list(db: Database, userId: number) {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Holds the account while its passkeys are counted and one added (two additions at once count right). */
  async lockUser(db: Database, userId: number): Promise<void> {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  },

  /** A deleted account: its passkeys and its pending ceremonies go. */
  async removeAll(db: Database, userId: number): Promise<void> {
    await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  },

  async count(db: Database, userId: number): Promise<number> {
    const row = await db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async findOwned(db: Database, userId: number, id: number) {
    return db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async findByCredentialId(db: Database, credentialId: string) {
    return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  },

  async insert(
    db: Database,
    row: {
      user_id: number;
      credential_id: string;
      public_key: string;
      counter: number;
      transports: string | null;
      name: string;
      created_at: Date;
    },
  ) {
    return db.insertInto('passkeys').values(row).returningAll().executeTakeFirstOrThrow();
  },

  async rename(db: Database, userId: number, id: number, name: string) {
    return db
      .updateTable('passkeys')
      .set({ name })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async remove(db: Database, userId: number, id: number) {
    return db
      .deleteFrom('passkeys')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(['id', 'name'])
      .executeTakeFirst();
  },

  /**
   * A sign-in moved the counter: kept only forward, so a cloned authenticator replaying an older
   * count is noticed (the library refuses a count that did not grow when the stored one is above 0).
   */
  async markUsed(db: Database, id: number, counter: number, now: Date): Promise<void> {
    await db.updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
  },

  async insertChallenge(
    db: Database,
    row: {
      token_hash: string;
      user_id: number | null;
      purpose: 'register' | 'login';
      challenge: string;
      created_at: Date;
      expires_at: Date;
    },
  ): Promise<void> {
    // Expired and spent challenges are of no further use.
    await db
      .deleteFrom('webauthn_challenges')
      .where((eb) => eb.or([eb('expires_at', '<=', row.created_at), eb('used_at', 'is not', null)]))
      .execute();
    await db.insertInto('webauthn_challenges').values(row).execute();
  },

  /** Spends the challenge once (racing answers to it pass once), while it has not expired. */
  async spendChallenge(
    db: Database,
    tokenHash: string,
    purpose: 'register' | 'login',
    userId: number | null,
    now: Date,
  ): Promise<boolean> {
    let query = db
      .updateTable('webauthn_challenges')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
