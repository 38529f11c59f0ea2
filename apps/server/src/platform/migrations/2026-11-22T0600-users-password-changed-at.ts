import { type Kysely, sql } from 'kysely';

// Tokens issued before the last password change are refused (a stolen session ends with it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column password_changed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column password_changed_at`.execute(db);
}
