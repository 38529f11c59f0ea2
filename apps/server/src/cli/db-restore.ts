// npm run db:restore -- --in FILE: puts a backup of `npm run db:backup` into an empty DATA_DIR
// (embedded database) or an empty PostgreSQL database (DATABASE_URL); a target holding anything
// is refused and left as it was. The restored tables are checked against the backup's sums.
import { spawn } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type BackupHeader, DATABASE_ENTRY, readBackup } from '../platform/backup-file.ts';
import { openDatabase } from '../platform/db.ts';
import { differingTables, LIST_TABLES_SQL, readTableSums, type TableSums } from '../platform/table-sums.ts';
import { CliError, isEntryPoint, loadCliConfig, runCli } from './cli-support.ts';
import { cliPath, hasPostgresTool, missingPostgresTool, parseFileFlag } from './db-backup.ts';

const USAGE =
  'Usage: npm run db:restore -- --in FILE (into an empty DATA_DIR, or an empty database with DATABASE_URL)';

export async function dbRestore(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = parseFileFlag(args, 'in', USAGE);
  if (!given) return USAGE;
  const file = cliPath(given, env);
  if (!existsSync(file)) throw new CliError(`${file} does not exist.`);
  const config = loadCliConfig(env);
  let backup: Awaited<ReturnType<typeof readBackup>>;
  try {
    backup = await readBackup(createReadStream(file));
  } catch (error) {
    throw new CliError(`${file}: ${(error as Error).message}. Nothing was changed.`);
  }
  const { header, files } = backup;
  if (header.database === 'postgres') {
    if (!config.DATABASE_URL)
      throw new CliError(
        'This backup is of PostgreSQL: set DATABASE_URL to the empty database to restore it into.',
      );
    return restorePostgres(config.DATABASE_URL, header, files.get(DATABASE_ENTRY.postgres));
  }
  if (config.DATABASE_URL)
    throw new CliError(
      'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty directory.',
    );
  return restoreEmbedded(config.dataDir, header, files);
}

function checked(expected: TableSums, actual: TableSums, where: string, advice = ''): string {
  const differ = differingTables(expected, actual);
  if (differ.length > 0)
    throw new CliError(
      `Restored into ${where}, but these tables differ from what the backup recorded: ${differ.join(', ')}.${advice}`,
    );
  const rows = Object.values(actual).reduce((sum, table) => sum + table.rows, 0);
  return `${Object.keys(actual).length} tables, ${rows} rows, each matching the backup's checksum`;
}

async function restoreEmbedded(
  dataDir: string,
  header: BackupHeader,
  files: Map<string, Buffer>,
): Promise<string> {
  const archive = files.get(DATABASE_ENTRY.pglite);
  if (!archive) throw new CliError('The backup holds no database. Nothing was changed.');
  const existed = existsSync(dataDir);
  if (existed && readdirSync(dataDir).length > 0)
    throw new CliError(`${dataDir} is not empty: restore only into an empty DATA_DIR. Nothing was changed.`);
  mkdirSync(dataDir, { recursive: true });
  try {
    for (const [name, bytes] of files) {
      if (name.startsWith('data/'))
        writeFileSync(path.join(dataDir, path.basename(name)), bytes, { mode: 0o600 });
    }
    const handle = await openDatabase({ dataDir, load: archive });
    try {
      const actual = await readTableSums(async (text) => (await sql.raw(text).execute(handle.db)).rows);
      return `Restored into ${dataDir}: ${checked(header.tables, actual, dataDir)} (backup of ${header.created_at}). / Copia restaurada.`;
    } finally {
      await handle.close();
    }
  } catch (error) {
    // The directory was empty (or absent): a restore that failed leaves it so, not half-filled
    // for a server to start on.
    if (existed)
      for (const entry of readdirSync(dataDir))
        rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    else rmSync(dataDir, { recursive: true, force: true });
    if (error instanceof CliError) throw new CliError(`${error.message} ${dataDir} was emptied again.`);
    throw new CliError(
      `The backup could not be restored (${(error as Error).message}). The target was left empty.`,
    );
  }
}

async function restorePostgres(url: string, header: BackupHeader, dump: Buffer | undefined): Promise<string> {
  if (!dump) throw new CliError('The backup holds no database. Nothing was changed.');
  if (!hasPostgresTool('pg_restore')) throw missingPostgresTool('pg_restore');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-restore-'));
  try {
    const existing = (await client.query(LIST_TABLES_SQL)).rows.length;
    if (existing > 0)
      throw new CliError(
        `The database is not empty (${existing} tables): restore only into an empty database. Nothing was changed.`,
      );
    const dumpFile = path.join(scratch, DATABASE_ENTRY.postgres);
    writeFileSync(dumpFile, dump);
    const child = spawn(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', url, dumpFile],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // One transaction: a restore that fails leaves the database as empty as it was.
    if (code !== 0)
      throw new CliError(`pg_restore failed (exit ${code}), nothing was kept: ${errors.trim()}`);
    const actual = await readTableSums(async (text) => (await client.query(text)).rows);
    return `Restored into PostgreSQL: ${checked(header.tables, actual, 'the database', ' Do not start a server on it: drop the database, create it empty and restore again, or restore an older backup.')} (backup of ${header.created_at}). / Copia restaurada.`;
  } finally {
    await client.end().catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await runCli((args) => dbRestore(args));
