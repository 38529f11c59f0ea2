import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup, writeBackup } from '../../src/platform/backup-file.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { insertUser } from '../factories/users.ts';
import { fingerprints, runCommand, treeDigest, withDatabase } from '../support/backups.ts';
import { cliDatabaseForFile } from '../support/cli-database.ts';
import { createFreshPostgresDatabase, testDatabaseKind } from '../support/database.ts';

const kind = testDatabaseKind();

/**
 * What db:restore and db:backup refuse, and that a refusal (or a restore that fails) leaves the
 * target exactly as it was: a restore goes only into an empty DATA_DIR or database.
 */
describe(`db:restore and db:backup refusals (${kind})`, () => {
  const source = cliDatabaseForFile('coleccionables-refusals-');
  let scratch: string;
  let backup: string;
  const drops: Array<() => Promise<void>> = [];
  let targets = 0;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-refusals-'));
    await withDatabase(source.env, async (db) => {
      await migrateToLatest(db);
      await insertUser(db, { username: 'antes_de_la_copia' });
    });
    backup = path.join(scratch, 'source.backup');
    const taken = await runCommand('db-backup', ['--out', backup], source.env);
    expect(taken.stdout, taken.stderr).toMatch(/^Backup written to/);
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** An empty target: a DATA_DIR not yet made and, on PostgreSQL, a new empty database. */
  async function emptyTarget(): Promise<Record<string, string>> {
    const { DATA_DIR: _dir, DATABASE_URL: _url, ...rest } = source.env;
    const target = { ...rest, DATA_DIR: path.join(scratch, `target-${++targets}`) };
    if (kind === 'pglite') return target;
    const database = await createFreshPostgresDatabase();
    drops.push(database.drop);
    return { ...target, DATABASE_URL: database.url };
  }

  /** What a target holds: its DATA_DIR's files, and on PostgreSQL every table's rows. */
  async function contents(target: Record<string, string>) {
    const files = treeDigest(target.DATA_DIR!);
    if (!target.DATABASE_URL || kind === 'pglite') return { files };
    return { files, tables: await withDatabase(target, fingerprints) };
  }

  async function refused(target: Record<string, string>, file: string, message: RegExp) {
    const before = await contents(target);
    const restore = await runCommand('db-restore', ['--in', file], target);
    expect(restore.code, restore.stdout).toBe(1);
    expect(restore.stderr).toMatch(message);
    expect(await contents(target)).toEqual(before);
  }

  it('refuses a target that holds a database, and changes nothing in it', { timeout: 120_000 }, async () => {
    if (kind === 'pglite') {
      // Where the source's own database lives: the mistake a restore must not make.
      await refused(source.env, backup, /is not empty: restore only into an empty DATA_DIR/);
    } else {
      await refused(source.env, backup, /The database is not empty \(\d+ tables\)/);
    }
  });

  it('refuses a target holding anything at all', { timeout: 120_000 }, async () => {
    const target = await emptyTarget();
    if (kind === 'pglite') {
      mkdirSync(target.DATA_DIR!);
      writeFileSync(path.join(target.DATA_DIR!, 'notas.txt'), 'no borrar');
      await refused(target, backup, /is not empty/);
    } else {
      await withDatabase(target, (db) => sql`create table otra_cosa (id int primary key)`.execute(db));
      await withDatabase(target, (db) => sql`insert into otra_cosa values (1)`.execute(db));
      await refused(target, backup, /The database is not empty \(1 tables\)/);
    }
  });

  it('refuses a backup cut short, and a backup of the other database, leaving the target empty', async () => {
    const whole = readFileSync(backup);
    const cut = path.join(scratch, 'cut.backup');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const target = await emptyTarget();
    await refused(target, cut, /cannot be read|incomplete/);
    expect(treeDigest(target.DATA_DIR!)).toEqual({});

    // The other kind of target: PostgreSQL for an embedded backup (no server is asked: it is
    // refused first), the embedded database for a PostgreSQL one.
    const other =
      kind === 'pglite'
        ? { ...target, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' }
        : Object.fromEntries(Object.entries(target).filter(([name]) => name !== 'DATABASE_URL'));
    await refused(other, backup, kind === 'pglite' ? /unset DATABASE_URL/ : /set DATABASE_URL/);
  });

  it('a backup whose database cannot be loaded leaves the target empty', { timeout: 120_000 }, async () => {
    // A whole, well-formed backup file whose database is not one.
    const { header, files } = await readBackup(createReadStream(backup));
    const broken = path.join(scratch, 'broken.backup');
    await writeBackup(
      createWriteStream(broken),
      header,
      [...files.keys()].map((name) => ({ name, bytes: Buffer.from('not a database') })),
    );
    const target = await emptyTarget();
    const restore = await runCommand('db-restore', ['--in', broken], target);
    expect(restore.code, restore.stdout).toBe(1);
    expect(restore.stderr).toMatch(kind === 'pglite' ? /left empty|emptied again/ : /pg_restore failed/);
    expect(await contents(target)).toEqual(kind === 'pglite' ? { files: {} } : { files: {}, tables: {} });
  });

  it('db:backup refuses a file that exists, and says what is missing without --out or --in', async () => {
    const existing = path.join(scratch, 'existing.backup');
    writeFileSync(existing, 'una copia anterior');
    const again = await runCommand('db-backup', ['--out', existing], source.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    expect(readFileSync(existing, 'utf8')).toBe('una copia anterior');

    expect((await runCommand('db-backup', [], source.env)).stderr).toMatch(/Missing --out/);
    expect((await runCommand('db-restore', [], source.env)).stderr).toMatch(/Missing --in/);
  });

  it.runIf(kind === 'postgres')(
    'without PostgreSQL client tools, says so plainly and writes nothing',
    async () => {
      const out = path.join(scratch, 'no-tools.backup');
      const backupRun = await runCommand('db-backup', ['--out', out], source.env, { nodeOnlyPath: true });
      expect(backupRun.code).toBe(1);
      expect(backupRun.stderr).toMatch(/pg_dump is not installed.*postgresql-client.*Nothing was written/);
      expect(treeDigest(scratch)['no-tools.backup']).toBeUndefined();

      const target = await emptyTarget();
      const restoreRun = await runCommand('db-restore', ['--in', backup], target, { nodeOnlyPath: true });
      expect(restoreRun.code).toBe(1);
      expect(restoreRun.stderr).toMatch(/pg_restore is not installed/);
      expect(await withDatabase(target, fingerprints)).toEqual({});
    },
  );
});
