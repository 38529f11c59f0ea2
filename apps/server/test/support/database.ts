import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Which database the integration suite runs on: `TEST_DB=postgres` uses TEST_DATABASE_URL. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * Creates a PostgreSQL database for one test file: empty, or a copy of `template` (a migrated
 * database, test/support/global-setup.ts); returns its URL and a drop function.
 */
export async function createFreshPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createDatabaseBeside(base, 't', template);
}

/**
 * Creates an empty database on the server of `base` (the tests' and the benchmark's fresh
 * databases); returns its URL and a drop function that ends whatever is still connected.
 */
export async function createDatabaseBeside(
  base: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
