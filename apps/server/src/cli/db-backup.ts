// npm run db:backup -- --out FILE: a consistent backup while the server runs (or not), on the
// embedded database or on PostgreSQL. `npm run db:restore` puts it back into an empty target.
import { spawn, spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { DATABASE_ENTRY, isWholeBackup, writeBackup } from '../platform/backup-file.ts';
import { openDatabase } from '../platform/db.ts';
import { backupSocketPath, writeEmbeddedBackup } from '../platform/embedded-backup.ts';
import { readTableSums } from '../platform/table-sums.ts';
import { CliError, isEntryPoint, loadCliConfig, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run db:backup -- --out FILE';

/** A path given on the command line, from where npm was invoked (npm runs scripts in apps/server). */
export function cliPath(file: string, env: NodeJS.ProcessEnv): string {
  return path.isAbsolute(file) ? file : path.resolve(env.INIT_CWD || process.cwd(), file);
}

export function parseFileFlag(args: string[], flag: 'out' | 'in', usage: string): string | undefined {
  let values: { out?: string; in?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { [flag]: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) return undefined;
  if (!values[flag]) throw new CliError(`Missing --${flag} (falta --${flag}).\n${usage}`);
  return values[flag];
}

/** Whether PostgreSQL's client tool `name` (pg_dump, pg_restore) is installed. */
export function hasPostgresTool(name: string): boolean {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

export function missingPostgresTool(name: string): CliError {
  return new CliError(
    `${name} is not installed: it comes with PostgreSQL's client (Debian/Ubuntu: apt-get install postgresql-client, of the server's major version or newer). Nothing was written.`,
  );
}

export async function dbBackup(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = parseFileFlag(args, 'out', USAGE);
  if (!given) return USAGE;
  const out = cliPath(given, env);
  if (existsSync(out)) throw new CliError(`${out} already exists: choose a new file (nothing was written).`);
  const config = loadCliConfig(env);
  // Written beside its destination and renamed once whole: a failed backup leaves no file.
  const partial = `${out}.partial-${process.pid}`;
  try {
    const how = config.DATABASE_URL
      ? await backupPostgres(config.DATABASE_URL, partial)
      : await backupEmbedded(config, partial);
    renameSync(partial, out);
    const size = (statSync(out).size / 1024 / 1024).toFixed(1);
    return `Backup written to ${out} (${size} MB, ${how}). / Copia de seguridad guardada.`;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Through the running server's socket, or straight from the files when no server has them. */
async function backupEmbedded(config: Config, file: string): Promise<string> {
  const socketFile = backupSocketPath(config.dataDir);
  if (existsSync(socketFile)) {
    const socket = await new Promise<net.Socket | undefined>((resolve) => {
      const s = net.connect(socketFile);
      s.once('connect', () => resolve(s)).once('error', () => resolve(undefined));
    });
    if (socket) {
      await pipeline(socket, createWriteStream(file));
      if (!(await isWholeBackup(createReadStream(file))))
        throw new CliError('The server could not finish the backup (see its log). Nothing was written.');
      return 'embedded database, taken by the running server';
    }
  }
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    throw new CliError(
      `Could not open the embedded database in ${config.dataDir} (${(error as Error).message}).`,
    );
  }
  try {
    await writeEmbeddedBackup(createWriteStream(file), handle.embeddedSnapshot!, config.dataDir);
  } finally {
    await handle.close();
  }
  return 'embedded database, no server running';
}

/**
 * pg_dump in its custom format, with the tables' sums read in the very snapshot it dumps: a
 * read-only repeatable-read transaction exports its snapshot and pg_dump runs in it.
 */
async function backupPostgres(url: string, file: string): Promise<string> {
  if (!hasPostgresTool('pg_dump')) throw missingPostgresTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-backup-'));
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const tables = await readTableSums(async (text) => (await client.query(text)).rows);
    const dump = path.join(scratch, DATABASE_ENTRY.postgres);
    const child = spawn(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--file', dump, '--dbname', url],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new CliError(`pg_dump failed (exit ${code}): ${errors.trim()}`);
    await client.query('commit');
    await writeBackup(
      createWriteStream(file),
      { database: 'postgres', created_at: new Date().toISOString(), tables },
      [{ name: DATABASE_ENTRY.postgres, path: dump }],
    );
    return 'PostgreSQL, pg_dump custom format';
  } finally {
    await client.end().catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await runCli((args) => dbBackup(args));
