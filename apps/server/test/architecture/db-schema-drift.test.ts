import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { type DeclaredColumn, declaredTables, kindsOfDatabaseType } from './kysely-columns.ts';

/**
 * The Kysely types under `platform/db-schema/` are written by hand; this compares them with the
 * database the migrations build, so a migration that adds, drops or changes a column without its
 * type (or the other way round) fails here instead of at run time.
 */

/**
 * Tables the server never reads or writes through Kysely's types: the migrator's own, and the
 * browse listing, its facet counts and its words, which triggers fill and the browse queries read in raw SQL.
 */
const UNTYPED_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'catalog_listing',
  'catalog_facet_counts',
  'catalog_listing_words',
  'catalog_words',
]);

interface ActualColumn {
  table: string;
  column: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  has_default: boolean;
}

describe('the Kysely types match the migrated database', () => {
  let t: TestApp;
  let actual: Map<string, Map<string, ActualColumn>>;
  let declared: Map<string, Map<string, DeclaredColumn>>;

  beforeAll(async () => {
    t = await startTestApp();
    const { rows } = await sql<ActualColumn>`
      select c.table_name as "table", c.column_name as "column", c.data_type, c.is_nullable,
             (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
      from information_schema.columns c
      join information_schema.tables tb
        on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
      order by 1, 2`.execute(t.ctx.db);
    actual = new Map();
    for (const row of rows) {
      if (UNTYPED_TABLES.has(row.table)) continue;
      if (!actual.has(row.table)) actual.set(row.table, new Map());
      actual.get(row.table)!.set(row.column, row);
    }
    declared = declaredTables();
  }, 300_000);
  afterAll(() => t?.close());

  it('reads the declared types (the reader itself works)', () => {
    expect(declared.size).toBeGreaterThan(40);
    expect(declared.get('payments')?.get('amount')).toEqual({
      kinds: ['number'],
      nullable: false,
      insertOptional: false,
    });
    expect(declared.get('payments')?.get('confirmed_at')?.nullable).toBe(true);
    expect(declared.get('payments')?.get('id')?.insertOptional).toBe(true);
  });

  it('declares every table and only tables that exist', () => {
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
  });

  it('declares every column of each table and no column that is gone', () => {
    const drift: string[] = [];
    for (const [table, columns] of actual) {
      const types = declared.get(table);
      if (!types) continue;
      for (const column of columns.keys())
        if (!types.has(column)) drift.push(`${table}.${column}: in the database, not in the types`);
      for (const column of types.keys())
        if (!columns.has(column)) drift.push(`${table}.${column}: in the types, not in the database`);
    }
    expect(drift).toEqual([]);
  });

  it('gives each column the kind, nullability and insert default the database has', () => {
    const drift: string[] = [];
    for (const [table, columns] of actual) {
      for (const [name, column] of columns) {
        const type = declared.get(table)?.get(name);
        if (!type) continue;
        const where = `${table}.${name}`;
        const kinds = kindsOfDatabaseType(column.data_type);
        // A string column may be typed as a union of literals; jsonb as any object shape.
        if (JSON.stringify(type.kinds) !== JSON.stringify(kinds))
          drift.push(`${where}: ${column.data_type} is read as ${kinds}, typed ${type.kinds}`);
        const nullable = column.is_nullable === 'YES';
        if (type.nullable !== nullable)
          drift.push(
            `${where}: ${nullable ? 'nullable' : 'not null'} in the database, typed ${type.nullable ? 'nullable' : 'not null'}`,
          );
        // Typed optional on insert but required by the database: such an insert would fail.
        if (type.insertOptional && !column.has_default && !nullable)
          drift.push(`${where}: typed optional on insert, but the database has no default`);
      }
    }
    expect(drift).toEqual([]);
  });
});
