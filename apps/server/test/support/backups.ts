import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../../src/platform/db.ts';
import { repositoryRoot } from './npm-start.ts';

const run = promisify(execFile);
const serverDir = path.join(repositoryRoot, 'apps/server');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node cli.mjs <command> …args` in apps/server, as the db:* npm scripts run it. */
export async function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { nodeOnlyPath?: boolean } = {},
): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // A PATH holding node alone (a folder with a link to it: node's own folder may hold
  // pg_dump too, /usr/bin on Debian): PostgreSQL's client tools are then not installed, as far as
  // the command can tell.
  if (options.nodeOnlyPath) childEnv.PATH = nodeOnlyFolder();
  try {
    const { stdout, stderr } = await run(process.execPath, ['cli.mjs', command, ...args], {
      cwd: serverDir,
      env: childEnv,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

let nodeOnly: string | undefined;
function nodeOnlyFolder(): string {
  if (!nodeOnly) {
    nodeOnly = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-node-only-'));
    symlinkSync(process.execPath, path.join(nodeOnly, 'node'));
    const folder = nodeOnly;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return nodeOnly;
}

/** Opens the database of `env` (its DATA_DIR, or DATABASE_URL), runs `use`, closes it. */
export async function withDatabase<T>(
  env: Record<string, string>,
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

export type Fingerprints = Record<string, { rows: number; checksum: string }>;

/**
 * Every table's row count and a checksum of its rows' text, read by the test itself (a formula of
 * its own, not the one the backup records), to compare a restored database with its source.
 */
export async function fingerprints(db: Database): Promise<Fingerprints> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const result: Fingerprints = {};
  for (const { tablename } of tables.rows) {
    const row = await sql<{ rows: number | string; checksum: string | null }>`
      select count(*) as rows, md5(string_agg(t::text, E'\n' order by t::text)) as checksum
      from ${sql.table(tablename)} t`.execute(db);
    result[tablename] = { rows: Number(row.rows[0]!.rows), checksum: row.rows[0]!.checksum ?? '' };
  }
  return result;
}

/** The md5 of each row's text in `table`: to tell which rows of one database another holds. */
export async function rowDigests(db: Database, table: string): Promise<Set<string>> {
  const rows = await sql<{
    digest: string;
  }>`select md5(t::text) as digest from ${sql.table(table)} t`.execute(db);
  return new Set(rows.rows.map((row) => row.digest));
}

/** Every file under `dir` with a digest of its bytes (empty when `dir` does not exist). */
export function treeDigest(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!existsSync(dir)) return files;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).isFile())
        files[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
      else files[path.relative(dir, full)] = 'not a file';
    }
  };
  walk(dir);
  return files;
}

interface AcknowledgedBid {
  id: number;
  at: number;
}

/**
 * Bids sent one after another by each of `tokens` (rising amounts, so most are taken) until
 * `stop()`; every bid answered 201 is recorded with the time of its answer. A 503 is the server's
 * "too slow right now, retry" (a bid waiting on another's row lock past the statement timeout, as
 * happens on a starved 2-core machine); the stream retries it as a careful client does and counts
 * it apart. Any other 5xx is a failure.
 */
export function bidStream(url: string, tokens: string[], race: { auction_id: number; product_id: number }) {
  const acknowledged: AcknowledgedBid[] = [];
  const failures: number[] = [];
  let retried = 0;
  let amount = 10_000;
  let stopped = false;
  const bidder = async (token: string) => {
    while (!stopped) {
      amount += 1_000;
      const res = await fetch(`${url}/api/bids/create-bid`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...race, amount }),
      });
      const body = (await res.json()) as { id?: number };
      if (res.status === 201 && body.id) acknowledged.push({ id: body.id, at: Date.now() });
      else if (res.status === 503) retried += 1;
      else if (res.status >= 500) failures.push(res.status);
    }
  };
  const running = Promise.all(tokens.map(bidder));
  return {
    acknowledged,
    failures,
    retried: () => retried,
    /** Resolves once `count` more bids than now have been acknowledged. */
    async waitFor(count: number) {
      const target = acknowledged.length + count;
      while (acknowledged.length < target && !stopped) await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
