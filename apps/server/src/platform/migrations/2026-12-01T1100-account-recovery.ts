import { type Kysely, sql } from 'kysely';

/**
 * Getting an account back and telling its owner what happened to it.
 *
 * - `password_reset_requests`: every "forgot my password" request, known address or not, is one
 *   row written by the request and nothing more, so the answer takes the same work whether or not
 *   the address has an account; the timed job reads the rows, finds the account and sends the
 *   link. `sent` counts the links sent per client address for the hourly limit.
 * - `password_reset_tokens` and `email_change_tokens`: one-time links. Only the sha256 of the
 *   token is kept (a copy of the database opens no account); `used_at` spends one, `voided_at`
 *   marks one a newer link (or a completed reset) replaced.
 * - `security_events`: what happened to the account's access (reset asked and used, e-mail
 *   changed, second factors added or removed…), for the person's export.
 * - `user_sessions.token_version`: the account version a session belongs to, so a password or
 *   e-mail change can end every other session and keep the one that made it (platform/auth.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table password_reset_requests (
      id bigserial primary key,
      email text not null,
      ip text not null,
      requested_at timestamptz not null,
      processed_at timestamptz,
      sent boolean not null default false
    )
  `.execute(db);
  await sql`create index password_reset_requests_pending on password_reset_requests (id) where processed_at is null`.execute(
    db,
  );
  await sql`create index password_reset_requests_ip on password_reset_requests (ip, requested_at)`.execute(
    db,
  );

  for (const table of ['password_reset_tokens', 'email_change_tokens']) {
    await sql`
      create table ${sql.table(table)} (
        id serial primary key,
        user_id integer not null references users(id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        voided_at timestamptz
      )
    `.execute(db);
    await sql`create index ${sql.id(`${table}_user`)} on ${sql.table(table)} (user_id, created_at)`.execute(
      db,
    );
  }
  await sql`alter table email_change_tokens add column new_email text not null`.execute(db);

  await sql`
    create table security_events (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      kind text not null,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index security_events_user on security_events (user_id, created_at)`.execute(db);
  await sql`alter table user_sessions add column token_version integer`.execute(db);
  // Login failures are now counted per account and address, and per address.
  await sql`create index login_attempts_ip_idx on login_attempts (ip, attempted_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index login_attempts_ip_idx`.execute(db);
  await sql`alter table user_sessions drop column token_version`.execute(db);
  await sql`drop table security_events`.execute(db);
  await sql`drop table email_change_tokens`.execute(db);
  await sql`drop table password_reset_tokens`.execute(db);
  await sql`drop table password_reset_requests`.execute(db);
}
