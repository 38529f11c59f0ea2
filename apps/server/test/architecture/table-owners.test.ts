import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { SHARED_WRITES, TABLE_OWNERS } from './table-owners.ts';
import { tableWrites } from './table-writers.ts';

const modulesDir = path.resolve(import.meta.dirname, '../../src/modules');

describe('every table has one module that writes it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 300_000);
  afterAll(() => t?.close());

  it('declares an owner for every table of the migrated database, and no table that is gone', async () => {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(t.ctx.db);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(rows.map((r) => r.name));
  });

  it('finds no module writing a table it does not own, beyond the kept shared writes', () => {
    const writes = tableWrites(modulesDir, new Set(Object.keys(TABLE_OWNERS)));
    // The scanner itself must see the writes it is meant to see.
    expect(writes.some((w) => w.module === 'bids' && w.table === 'bids')).toBe(true);
    expect(writes.some((w) => w.module === 'users' && w.table === 'users')).toBe(true);
    const foreign = writes.filter(
      (w) =>
        TABLE_OWNERS[w.table] !== w.module &&
        !SHARED_WRITES.some((s) => s.module === w.module && s.table === w.table && s.file === w.file),
    );
    expect(
      foreign.map(
        (w) => `${w.file}:${w.line} ${w.how} ${w.table} (owner: ${TABLE_OWNERS[w.table] ?? 'none'})`,
      ),
    ).toEqual([]);
  });

  it('keeps no shared write that is no longer made', () => {
    const writes = tableWrites(modulesDir, new Set(Object.keys(TABLE_OWNERS)));
    const stale = SHARED_WRITES.filter(
      (s) => !writes.some((w) => w.module === s.module && w.table === s.table && w.file === s.file),
    );
    expect(stale).toEqual([]);
  });
});
