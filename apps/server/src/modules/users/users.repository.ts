import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { UserSessionsTable, UsersTable } from '../../platform/db-schema.ts';

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

  /**
   * What token verification needs: the account exists, its current token version, and whether
   * the token's session is still open (a session of another account counts as ended, and so does
   * every session of a suspended account, even before the suspension has ended them one by one).
   */
  async findSessionInfo(db: Database, userId: number, sessionId: string) {
    const row = await db
      .selectFrom('users')
      .leftJoin('user_sessions', (join) =>
        join.onRef('user_sessions.user_id', '=', 'users.id').on('user_sessions.id', '=', sessionId),
      )
      .select([
        'users.token_version',
        'users.suspended_at',
        'user_sessions.id as session_id',
        'user_sessions.ended_at',
        'user_sessions.token_version as session_version',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      token_version: row.token_version,
      session_active: row.session_id !== null && row.ended_at === null && row.suspended_at === null,
      session_version: row.session_version,
    };
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

  insertSession(db: Database, values: Insertable<UserSessionsTable>) {
    return db.insertInto('user_sessions').values(values).execute();
  },

  /** Ends one session of the account; whether it was open until now. */
  async endSession(db: Database, userId: number, sessionId: string, at: Date): Promise<boolean> {
    const rows = await db
      .updateTable('user_sessions')
      .set({ ended_at: at })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  /** Marks the account's open sessions ended, but `keep` (the token version is what refuses them). */
  endSessions(db: Database, userId: number, at: Date, keep?: string) {
    let query = db
      .updateTable('user_sessions')
      .set({ ended_at: at })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null);
    if (keep !== undefined) query = query.where('id', '<>', keep);
    return query.execute();
  },

  /**
   * The session got a fresh token: it lasts until that one expires. With `version`, the session
   * moves to the account's new version (the one session a change keeps, see platform/auth.ts).
   */
  renewSession(db: Database, userId: number, sessionId: string, expiresAt: Date, version?: number) {
    return db
      .updateTable('user_sessions')
      .set({ expires_at: expiresAt, ...(version === undefined ? {} : { token_version: version }) })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .execute();
  },

  /** Forgets the account's sessions that have ended or whose latest token has expired. */
  pruneSessions(db: Database, userId: number, now: Date) {
    return db
      .deleteFrom('user_sessions')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('ended_at', 'is not', null), eb('expires_at', '<', now)]))
      .execute();
  },

  insert(db: Database, values: Insertable<UsersTable>) {
    return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Database, id: number, values: Updateable<UsersTable>) {
    return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  },

  /** Attempts from one client address are judged one at a time (the counts below hold). */
  async lockLoginAddress(trx: Database, ip: string) {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${ip}`}))`.execute(trx);
  },

  /** Records an attempt: a failure until a success clears it. */
  async recordFailedLogin(db: Database, email: string, ip: string, at: Date): Promise<void> {
    await db.insertInto('login_attempts').values({ email, ip, attempted_at: at }).execute();
  },

  /** Failures since a time from one address: on one account, and on any. */
  async failedLoginCounts(
    db: Database,
    since: Date,
    email: string,
    ip: string,
  ): Promise<{ account: number; address: number }> {
    const row = await db
      .selectFrom('login_attempts')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('email', '=', email).as('account'),
        eb.fn.countAll<number>().as('address'),
      ])
      .where('attempted_at', '>', since)
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    return { account: Number(row.account), address: Number(row.address) };
  },

  clearFailedLogins(db: Database, email: string, ip: string) {
    return db.deleteFrom('login_attempts').where('email', '=', email).where('ip', '=', ip).execute();
  },

  pruneFailedLogins(db: Database, before: Date) {
    return db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
  },
};
