import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { inject } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/platform/db.ts';

/**
 * The embedded database of the API tests, opened once per test worker and put back into its
 * just-migrated state when a file's app closes, instead of a fresh copy opened for every app:
 * opening PGlite costs 0.7 to 1 s of CPU (it zeroes 128 MB of shared buffers on every start), a
 * reset tens of milliseconds, and the suite keeps both cores busy.
 *
 * A reset empties every table (triggers off, so append-only tables and foreign keys do not stand
 * in the way), puts back the rows the migrations wrote, rewinds every sequence, and drops what a
 * session may leave behind (temporary tables, advisory locks, a transaction left open). A file
 * that changed the schema itself (a trigger or table of its own left behind) gets a database
 * closed for good instead, and the next app a fresh one.
 */
const SNAPSHOT = 'test_reset_snapshot';
// Kysely's own bookkeeping: the same before and after, never emptied.
const UNTOUCHED = new Set(['kysely_migration', 'kysely_migration_lock']);

interface Baseline {
  shape: string;
  /** The statements that empty the tables and put the migrations' rows and sequences back. */
  reset: RawBuilder<unknown>;
}

/** How many databases this worker has opened: the next app reuses the last one unless it could not be put back. */
let opened = 0;
export const embeddedDatabasesOpened = () => opened;

let idle: { handle: DatabaseHandle; dataDir: string; baseline: Baseline } | undefined;

/**
 * An open embedded database in the run's migrated state for one app; its `close` puts it back for
 * the next app of this worker (or closes it when it cannot be put back).
 */
export async function reusedEmbeddedDatabase(): Promise<DatabaseHandle> {
  const taken = idle ?? (await openFresh());
  idle = undefined;
  let closed = false;
  return {
    ...taken.handle,
    close: async () => {
      if (closed) return;
      closed = true;
      if (await putBack(taken.handle.db, taken.baseline)) {
        idle = taken;
      } else {
        await taken.handle.close();
        rmSync(taken.dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function openFresh() {
  const migrated = inject('migratedDataDir');
  if (!migrated) throw new Error('the embedded database needs the migrated data directory (global setup)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-reused-'));
  cpSync(path.join(migrated, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const handle = await openDatabase({ dataDir });
  opened += 1;
  // The worker's process ends with the run; its directory goes with it.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { handle, dataDir, baseline: await takeBaseline(handle.db) };
}

/** The schema's fingerprint: every relation, column, trigger and function the app's schema holds. */
async function shapeOf(db: Database): Promise<string> {
  const { rows } = await sql<{ shape: string }>`
    select md5(
      coalesce((select string_agg(c.relname || ':' || c.relkind::text, ',' order by c.relname)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'), '') ||
      coalesce((select string_agg(c.relname || '.' || a.attname || ':' || a.atttypid, ',' order by c.relname, a.attnum)
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped), '') ||
      coalesce((select string_agg(t.tgname || ':' || t.tgenabled::text, ',' order by t.tgname)
        from pg_trigger t where not t.tgisinternal), '') ||
      coalesce((select string_agg(p.proname || ':' || md5(p.prosrc), ',' order by p.proname, p.oid)
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'), '')
    ) as shape`.execute(db);
  return rows[0]!.shape;
}

/** Copies the rows the migrations wrote beside the tables, and writes the statement that restores them. */
async function takeBaseline(db: Database): Promise<Baseline> {
  const shape = await shapeOf(db);
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  const { rows: sequences } = await sql<{ name: string; last_value: string | null }>`
    select sequencename as name, last_value::text from pg_sequences where schemaname = 'public'`.execute(db);
  const statements = [sql`set local session_replication_role = replica`];
  await sql`create schema ${sql.id(SNAPSHOT)}`.execute(db);
  for (const { name } of tables) {
    if (UNTOUCHED.has(name)) continue;
    const table = sql.table(`public.${name}`);
    const copy = sql.table(`${SNAPSHOT}.${name}`);
    statements.push(sql`delete from ${table}`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(db);
    if (rows[0]!.n === 0) continue;
    await sql`create table ${copy} as select * from ${table}`.execute(db);
    statements.push(sql`insert into ${table} overriding system value select * from ${copy}`);
  }
  for (const { name, last_value } of sequences) {
    // A sequence never used (null) starts again at its first value.
    const [value, called] = last_value === null ? [1, false] : [Number(last_value), true];
    statements.push(sql`select setval(c.oid, ${sql.lit(value)}, ${sql.lit(called)})
      from pg_class c where c.relname = ${sql.lit(name)} and c.relnamespace = 'public'::regnamespace`);
  }
  return { shape, reset: sql.join(statements, sql`;\n`) };
}

/** Puts the database back as the baseline has it; false when it cannot be (its schema changed). */
async function putBack(db: Database, baseline: Baseline): Promise<boolean> {
  try {
    // A transaction a failed test left open would swallow the reset.
    await sql`rollback`.execute(db);
    if ((await shapeOf(db)) !== baseline.shape) return false;
    // No parameters: one call of the simple protocol, which takes several statements.
    await sql`begin;\n${baseline.reset};\ncommit`.execute(db);
    await sql`discard temp`.execute(db);
    await sql`select pg_advisory_unlock_all()`.execute(db);
    return true;
  } catch {
    return false;
  }
}
