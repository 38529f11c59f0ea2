import { type Kysely, sql } from 'kysely';

/**
 * One row per login (a device or browser): its token carries the row's id (`sid`), so logging
 * out ends that row only and the account's other devices keep their sessions. The account's
 * `token_version` stays for ending every session at once (logout everywhere, a password change,
 * suspension, deletion). The id is random, not a sequence: it travels inside the token and must
 * not let anyone count or guess the sessions of others. `expires_at` follows the session's latest
 * token (a password change gives the session that made it a fresh one), so a row can be forgotten
 * once no token of it can still be valid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_sessions (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      user_agent text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz
    )
  `.execute(db);
  await sql`create index user_sessions_user_id on user_sessions (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_sessions`.execute(db);
}
