import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db.ts';
import { createTriggerStatement, type DbFunction } from '../../src/platform/db-functions/db-function.ts';
import { dbFunctions } from '../../src/platform/db-functions/index.ts';
import {
  notificationRules,
  writeNotificationRules,
} from '../../src/platform/db-functions/notification-rules.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * The files under `platform/db-functions/` say what every database function and trigger is; this
 * compares them with the database the migrations build. Each file's definition and triggers are
 * created in a scratch schema (tables copied empty with `like`) inside a transaction that is rolled
 * back, and the database's own canonical text of both sides is compared (`pg_get_functiondef`,
 * `pg_get_triggerdef`, runs of whitespace as one space), so a migration that changes a function or
 * trigger without its file (or the other way round) fails here.
 */
const SCRATCH = 'db_functions_scratch';

/** Runs of whitespace as one space; the scratch schema's name as the public one's. */
const normalized = (text: string) =>
  text
    .replaceAll(`${SCRATCH}.`, 'public.')
    .replace(/EXECUTE FUNCTION public\./g, 'EXECUTE FUNCTION ')
    .replace(/\s+/g, ' ')
    .trim();

interface Definitions {
  /** `name(identity arguments)` → definition. */
  functions: Map<string, string>;
  /** `table.trigger` → definition. */
  triggers: Map<string, string>;
}

const functionsIn = (db: Database, schema: string) =>
  sql<{ key: string; def: string }>`
    select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
           pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${schema}
      -- An extension's own functions (unaccent's) are the extension's.
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    order by 1`.execute(db);

const triggersIn = (db: Database, schema: string) =>
  sql<{ key: string; def: string }>`
    select c.relname || '.' || t.tgname as key, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = ${schema}
    order by 1`.execute(db);

const asMap = (rows: { key: string; def: string }[]) =>
  new Map(rows.map((row) => [row.key, normalized(row.def)]));

async function databaseDefinitions(db: Database): Promise<Definitions> {
  return {
    functions: asMap((await functionsIn(db, 'public')).rows),
    triggers: asMap((await triggersIn(db, 'public')).rows),
  };
}

class RolledBack extends Error {
  constructor(readonly definitions: Definitions) {
    super('rolled back');
  }
}

/** The files' functions and triggers as the database writes them, created where nothing sees them. */
async function fileDefinitions(db: Database, files: DbFunction[]): Promise<Definitions> {
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create schema ${sql.id(SCRATCH)}`.execute(trx);
      await sql`set local search_path to ${sql.id(SCRATCH)}, public`.execute(trx);
      const created = new Set<string>();
      for (const file of files) {
        await sql.raw(file.definition).execute(trx);
        for (const trigger of file.triggers) {
          if (!created.has(trigger.table)) {
            const table = sql.id(SCRATCH, trigger.table);
            await sql`create table ${table} (like ${sql.id('public', trigger.table)})`.execute(trx);
            created.add(trigger.table);
          }
          await sql.raw(createTriggerStatement(file, trigger, `${SCRATCH}.${trigger.table}`)).execute(trx);
        }
      }
      throw new RolledBack({
        functions: asMap((await functionsIn(trx, SCRATCH)).rows),
        triggers: asMap((await triggersIn(trx, SCRATCH)).rows),
      });
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.definitions;
    throw error;
  }
  throw new Error('the scratch transaction was not rolled back');
}

/** One line per difference: on one side only, or defined otherwise. */
function differences(what: string, database: Map<string, string>, files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [key, def] of database) {
    const declared = files.get(key);
    if (declared === undefined)
      found.push(`${what} ${key}: in the database, in no file of platform/db-functions/`);
    else if (declared !== def)
      found.push(`${what} ${key}: differs\n  database: ${def}\n  file:     ${declared}`);
  }
  for (const key of files.keys())
    if (!database.has(key))
      found.push(`${what} ${key}: in platform/db-functions/, not in the migrated database`);
  return found;
}

describe('the database functions and triggers match platform/db-functions/', () => {
  let t: TestApp;
  let database: Definitions;
  let files: Definitions;

  beforeAll(async () => {
    t = await startTestApp();
    database = await databaseDefinitions(t.ctx.db);
    files = await fileDefinitions(t.ctx.db, dbFunctions);
  }, 300_000);
  afterAll(() => t?.close());

  it('reads both sides (the reader itself works), and leaves nothing behind', async () => {
    expect(database.functions.size).toBeGreaterThan(15);
    expect(database.triggers.size).toBeGreaterThan(30);
    expect(database.functions.has('mail_enqueue_notification()')).toBe(true);
    expect(database.triggers.has('notifications.notifications_mail')).toBe(true);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_namespace where nspname = ${SCRATCH}`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('gives every function of the public schema its file, with the definition the migrations left', () => {
    expect(differences('function', database.functions, files.functions)).toEqual([]);
  });

  it('declares every trigger, on its table, with its timing, events, columns, condition and function', () => {
    expect(differences('trigger', database.triggers, files.triggers)).toEqual([]);
  });

  it('notices a function body or a trigger that is not what the database has', async () => {
    const file = dbFunctions.find((f) => f.name === 'product_first_photo')!;
    const changed: DbFunction = {
      ...file,
      definition: file.definition.replace('return null;', 'return new;'),
      triggers: file.triggers.map((trigger) => ({ ...trigger, when: 'new.image_id is null' })),
    };
    const other = await fileDefinitions(t.ctx.db, [changed]);
    const only = (map: Map<string, string>, key: string) => new Map([[key, map.get(key)!]]);
    expect(
      differences('function', only(database.functions, 'product_first_photo()'), other.functions),
    ).toHaveLength(1);
    expect(
      differences('trigger', only(database.triggers, 'products.products_first_photo'), other.triggers),
    ).toHaveLength(1);
  });

  it('hands the functions the TypeScript notification rules, and puts them back when they drift', async () => {
    // Sorted here, not by the database's collation.
    const byType = (a: { type: string }, b: { type: string }) => (a.type < b.type ? -1 : 1);
    const table = async () =>
      (await t.ctx.db.selectFrom('notification_rules').selectAll().execute()).sort(byType);
    const expected = Object.entries(notificationRules)
      .map(([type, rule]) => ({
        type,
        preference: rule.preference,
        throttle_seconds: 'throttleSeconds' in rule ? rule.throttleSeconds : null,
        digest_seconds: 'digestSeconds' in rule ? rule.digestSeconds : null,
      }))
      .sort(byType);
    expect(await table()).toEqual(expected);
    expect(expected.find((rule) => rule.type === 'outbid')?.throttle_seconds).toBe(1800);
    await t.ctx.db
      .updateTable('notification_rules')
      .set({ throttle_seconds: 60 })
      .where('type', '=', 'outbid')
      .execute();
    await t.ctx.db
      .insertInto('notification_rules')
      .values({ type: 'gone', preference: 'outbid', throttle_seconds: null, digest_seconds: null })
      .execute();
    await writeNotificationRules(t.ctx.db);
    expect(await table()).toEqual(expected);
  });
});
