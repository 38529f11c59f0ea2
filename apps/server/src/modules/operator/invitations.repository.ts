import type { Database } from '../../platform/db.ts';

/** Invited accounts: the invitation links and the accounts they open. */
export const invitationsRepository = {
  findInvitation(db: Database, tokenHash: string) {
    return db
      .selectFrom('invitations as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select([
        'i.id',
        'i.user_id',
        'i.expires_at',
        'i.used_at',
        'u.email',
        'u.username',
        'u.suspended_at',
        'u.token_version',
      ])
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  lockInvitation(trx: Database, id: number) {
    return trx
      .selectFrom('invitations')
      .select(['id', 'used_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  /** The e-mail and username of accounts that already use either (case-insensitive). */
  findTakenNames(trx: Database, email: string, username: string) {
    return trx
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
          eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
        ]),
      )
      .execute();
  },

  async insertInvitation(
    trx: Database,
    input: { userId: number; tokenHash: string; createdBy: number; now: Date; expiresAt: Date },
  ): Promise<void> {
    await trx
      .insertInto('invitations')
      .values({
        user_id: input.userId,
        token_hash: input.tokenHash,
        created_by: input.createdBy,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .execute();
  },

  /** The link is spent (the account's password is set by the users module). */
  async spendInvitation(trx: Database, input: { invitationId: number; now: Date }): Promise<void> {
    await trx
      .updateTable('invitations')
      .set({ used_at: input.now })
      .where('id', '=', input.invitationId)
      .execute();
  },
};
