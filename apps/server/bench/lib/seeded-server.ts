import { sql } from 'kysely';
import { type Database, openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { seed } from '../seed.ts';
import { withFreshDatabase } from './postgres.ts';
import { type RunningServer, startServer } from './server.ts';

type CatalogueSizes = Parameters<typeof seed>[1];

/**
 * A fresh PostgreSQL database holding the bench catalogue of `sizes` plus what `prepare` adds,
 * settled, and the app's server on it for `measure`; everything is dropped afterwards.
 */
export async function withSeededServer<P, R>(
  postgresUrl: string,
  sizes: CatalogueSizes,
  prepare: (db: Database, now: Date) => Promise<P>,
  measure: (server: RunningServer, prepared: P) => Promise<R>,
): Promise<R> {
  return withFreshDatabase(postgresUrl, async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    let prepared: P;
    try {
      await migrateToLatest(db);
      const now = new Date();
      await seed(db, sizes, now);
      prepared = await prepare(db, now);
      // The steady state of a catalogue this size, not the minute after loading it: without this,
      // autovacuum and a checkpoint of the bulk load ran during a larger run's measurement on a
      // 2-core machine (the list's p99 went from 0.95x to 1.58x the smaller run's between runs).
      await sql`vacuum analyze`.execute(db);
      await sql`checkpoint`.execute(db);
    } finally {
      await close();
    }
    const server = await startServer({ databaseUrl: url });
    try {
      return await measure(server, prepared);
    } finally {
      await server.stop();
    }
  });
}
