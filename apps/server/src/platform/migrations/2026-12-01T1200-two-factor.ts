import { type Kysely, sql } from 'kysely';

/**
 * Second factors. `user_totp` holds an account's authenticator secret, encrypted (AES-GCM under a
 * key derived from the server's secret), from set-up on; `enabled_at` is set once a code proved the
 * app has it. `last_step` is the latest 30-second step whose code was accepted: a code is taken
 * only for a later step, in one conditional update, so a code is used once even by racing requests.
 * Recovery codes are stored as hashes and spent by a conditional update (`used_at is null`).
 * A login challenge (the step between password and code) and a WebAuthn challenge are stored by
 * the hash of their token: a database reader cannot complete someone's login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_totp (
      user_id integer primary key references users(id) on delete cascade,
      secret_encrypted text not null,
      enabled_at timestamptz,
      last_step bigint,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`
    create table user_recovery_codes (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      unique (user_id, code_hash)
    )
  `.execute(db);
  await sql`
    create table login_challenges (
      token_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      user_agent text,
      failures integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz
    )
  `.execute(db);
  await sql`create index login_challenges_user_id on login_challenges (user_id)`.execute(db);
  await sql`
    create table passkeys (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      credential_id text not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports text,
      name text not null,
      created_at timestamptz not null,
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`create index passkeys_user_id on passkeys (user_id)`.execute(db);
  await sql`
    create table webauthn_challenges (
      token_hash text primary key,
      user_id integer references users(id) on delete cascade,
      purpose text not null check (purpose in ('register', 'login')),
      challenge text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index webauthn_challenges_expires_at on webauthn_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webauthn_challenges`.execute(db);
  await sql`drop table passkeys`.execute(db);
  await sql`drop table login_challenges`.execute(db);
  await sql`drop table user_recovery_codes`.execute(db);
  await sql`drop table user_totp`.execute(db);
}
