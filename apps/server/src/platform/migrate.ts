import { Migrator } from 'kysely';
import type { Database } from './db.ts';
import { writeNotificationRules } from './db-functions/notification-rules.ts';
import { migrationProvider } from './migrations/index.ts';

/**
 * Brings the schema up to date, then writes the data the database functions read (the
 * notification rules); the same migrations run on PGlite and PostgreSQL.
 */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  await writeNotificationRules(db);
}
