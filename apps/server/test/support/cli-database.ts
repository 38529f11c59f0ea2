import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { newDataDir, TEST_PASSWORD_HASH_COST } from './build-app.ts';
import { createFreshPostgresDatabase, testDatabaseKind } from './database.ts';

/**
 * The environment the command-line tools of one test file run with, and that file's app after
 * them: a data directory holding a migrated embedded database, or a fresh PostgreSQL database
 * (TEST_DB=postgres). Set up before the file's tests and removed after them; read `env` inside a
 * test.
 */
export function cliDatabaseForFile(prefix: string): { readonly env: Record<string, string> } {
  const shared = { env: {} as Record<string, string> };
  let dataDir: string | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = newDataDir(prefix, { withDatabase: testDatabaseKind() === 'pglite' });
    shared.env = {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    };
    if (testDatabaseKind() === 'postgres') {
      const pg = await createFreshPostgresDatabase();
      shared.env.DATABASE_URL = pg.url;
      dropPostgres = pg.drop;
    }
  });
  afterAll(async () => {
    await dropPostgres?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return shared;
}
