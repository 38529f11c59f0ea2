import { type Kysely, sql } from 'kysely';

/**
 * Vacation mode: a seller is away until `away_until` (an instant; null when not away) with an
 * optional message shown to buyers and sent as the automatic answer to questions meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column away_until timestamptz,
      add column away_message text check (char_length(away_message) <= 300)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column away_until, drop column away_message`.execute(db);
}
