import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabaseBeside } from '../../test/support/database.ts';

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  } finally {
    await client.end();
  }
}

/**
 * Waits until PostgreSQL has written out what earlier arms left dirty (a CHECKPOINT) and the
 * kernel has flushed its page cache (`sync`): otherwise the flush lands on whichever run comes
 * next, and the commits of a run that writes its log to the same disk (the embedded database's
 * too) wait behind it. Skipped where CHECKPOINT is not allowed.
 */
export async function settleDisk(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('checkpoint');
  } catch {
    // not allowed for this role: the page cache flush still helps
  } finally {
    await client.end().catch(() => {});
  }
  await promisify(execFile)('sync');
}

/** Runs `work` with the URL of a fresh database beside `baseUrl`, dropped afterwards. */
export async function withFreshDatabase<T>(baseUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const database = await createDatabaseBeside(baseUrl, 'bench');
  try {
    return await work(database.url);
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`  (kept ${database.url}; drop it when done)`);
    else await database.drop();
  }
}

/**
 * pgbench's transactions per second for `script` at `clients` connections for `seconds`, on the
 * database at `url` (the ceiling a bid path is measured against: the same SQL shape, no app).
 */
export async function pgbenchTps(
  url: string,
  script: string,
  clients: number,
  seconds: number,
): Promise<number> {
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pgbench-')), 'script.sql');
  writeFileSync(file, script);
  const u = new URL(url);
  const { stdout } = await promisify(execFile)(
    'pgbench',
    [
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      u.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
  );
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(match[1]);
}
