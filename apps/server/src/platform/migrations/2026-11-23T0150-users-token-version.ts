import { type Kysely, sql } from 'kysely';

// Every token carries the account's token version when it was issued; logging out or changing
// the password bumps it, which ends every token issued before (see platform/auth.ts).
// Tokens issued before this migration carry no version and count as version 0. Accounts that
// already changed their password start at 1, so none of their earlier tokens (issued before the
// change or after, they cannot be told apart any more) comes back to life: those users log in
// once more.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column token_version integer not null default 0`.execute(db);
  await sql`update users set token_version = 1 where password_changed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column token_version`.execute(db);
}
