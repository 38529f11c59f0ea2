import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { UsersTable } from '../../platform/db-schema.ts';

export type UserRow = Awaited<ReturnType<typeof findById>>;

async function findById(db: Database, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export const usersRepository = {
  findById,

  findByEmail(db: Database, email: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  },

  findByUsername(db: Database, username: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  },

  /** What token verification needs: the account exists, and its current token version. */
  findSessionInfo(db: Database, id: number) {
    return db.selectFrom('users').select(['id', 'token_version']).where('id', '=', id).executeTakeFirst();
  },

  /** Ends every token of the account issued so far; returns the new version. */
  async bumpTokenVersion(db: Database, id: number, values: Updateable<UsersTable> = {}) {
    const row = await db
      .updateTable('users')
      .set((eb) => ({ ...values, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirst();
    return row?.token_version;
  },

  insert(db: Database, values: Insertable<UsersTable>) {
    return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Database, id: number, values: Updateable<UsersTable>) {
    return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  },

  /** Records an attempt (a failure until a success clears it); returns its id. */
  async recordFailedLogin(db: Database, email: string, ip: string, at: Date): Promise<number> {
    const row = await db
      .insertInto('login_attempts')
      .values({ email, ip, attempted_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  deleteLoginAttempt(db: Database, id: number) {
    return db.deleteFrom('login_attempts').where('id', '=', id).execute();
  },

  /** Failures since a time, by account or by address; `upToId` counts only attempts made before it. */
  async countFailedLogins(
    db: Database,
    since: Date,
    by: { email: string } | { ip: string },
    upToId?: number,
  ): Promise<number> {
    let query = db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('attempted_at', '>', since);
    query = 'email' in by ? query.where('email', '=', by.email) : query.where('ip', '=', by.ip);
    if (upToId !== undefined) query = query.where('id', '<=', upToId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  },

  clearFailedLogins(db: Database, email: string) {
    return db.deleteFrom('login_attempts').where('email', '=', email).execute();
  },

  pruneFailedLogins(db: Database, before: Date) {
    return db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
  },
};
