import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabase } from '../../src/platform/embedded-database.ts';

describe('the embedded database runs in a thread of its own', () => {
  let database: EmbeddedDatabase;
  beforeAll(async () => {
    database = await EmbeddedDatabase.open('memory://');
  });
  afterAll(() => database.close());

  it('leaves the event loop free while a statement runs', async () => {
    let done = false;
    const slow = database.query('select pg_sleep(0.3) as slept', []).then(() => {
      done = true;
    });
    // A timer fires while the statement still runs: it does not hold this thread.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    await slow;
    expect(done).toBe(true);
  });

  it('answers rows with the server types, and errors with their SQLSTATE fields', async () => {
    const result = await database.query(
      'select $1::bigint as big, $2::date as day, $3::timestamptz as at, $4::text[] as words',
      [9_007_199_254_740_991, '2026-11-25', new Date('2026-11-25T10:00:00Z'), ['a', 'b']],
    );
    expect(result.rows).toEqual([
      {
        big: 9_007_199_254_740_991,
        day: '2026-11-25',
        at: new Date('2026-11-25T10:00:00Z'),
        words: ['a', 'b'],
      },
    ]);
    await database.exec('create table once (id int primary key)');
    await database.exec('insert into once values (1)');
    await expect(database.exec('insert into once values (1)')).rejects.toMatchObject({
      code: '23505',
      constraint: 'once_pkey',
    });
    // Several statements: one result each, in order.
    const results = await database.exec('select 1 as a; select 2 as b');
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('reads simple-protocol answers as the parameterized ones: parsed values, row counts, a usable connection after an error', async () => {
    const [typed] = await database.exec(
      `select 9007199254740991::bigint as big, '2026-11-25'::date as day,
              '2026-11-25T10:00:00Z'::timestamptz as at, array['a', 'b'] as words,
              '{"x": [1]}'::json as doc, null::integer as nothing, true as yes, 2.5::numeric as half`,
    );
    expect(typed!.rows).toEqual([
      {
        big: 9_007_199_254_740_991,
        day: '2026-11-25',
        at: new Date('2026-11-25T10:00:00Z'),
        words: ['a', 'b'],
        doc: { x: [1] },
        nothing: null,
        yes: true,
        half: 2.5,
      },
    ]);
    expect(typed!.fields.map((f) => f.name)).toEqual([
      'big',
      'day',
      'at',
      'words',
      'doc',
      'nothing',
      'yes',
      'half',
    ]);

    await database.exec('create table counted (id int)');
    expect((await database.exec('insert into counted values (1), (2), (3)'))[0]!.affectedRows).toBe(3);
    // Counted from the first statement on, as PGlite counts them: a COMMIT sent after an
    // UPDATE still tells how many rows the UPDATE changed.
    const [begun, updated] = await database.exec('begin; update counted set id = id + 10 where id < 3');
    expect([begun!.affectedRows, updated!.affectedRows]).toEqual([0, 2]);
    const [committed] = await database.exec('commit');
    expect(committed!.affectedRows).toBe(0);
    const deleted = await database.exec('begin; delete from counted; commit');
    expect(deleted.map((r) => r.affectedRows)).toEqual([0, 3, 3]);

    await expect(database.exec('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect((await database.exec('select 1 as one'))[0]!.rows).toEqual([{ one: 1 }]);
  });

  it('binds parameters by their declared types and recovers from a failed parse or bind', async () => {
    const result = await database.query(
      'select $1::jsonb as doc, $2::integer as none, $3::boolean as yes, $4::integer[] as ids',
      [{ a: [1, 'x'] }, null, true, [1, 2]],
    );
    expect(result.rows).toEqual([{ doc: { a: [1, 'x'] }, none: null, yes: true, ids: [1, 2] }]);
    await expect(database.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    await expect(database.query('select $1::integer as n', ['doce'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await database.query('select $1::integer as n', [12])).rows).toEqual([{ n: 12 }]);
    // A write without RETURNING: no rows, and how many it wrote.
    await database.exec('create table bound (id int)');
    const inserted = await database.query('insert into bound select generate_series(1, $1::integer)', [4]);
    expect(inserted).toMatchObject({ rows: [], affectedRows: 4 });
  });

  it('keeps every request whole when simple and parameterized statements are sent together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? database.exec(`select ${i} as n`).then((results) => results[0]!.rows[0])
          : database.query('select $1::integer as n', [i]).then((result) => result.rows[0]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => ({ n: i })));
  });

  it('opens the next database in the thread a closed one left, which sees nothing of the first', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-reuse-'));
    try {
      const first = await EmbeddedDatabase.open(path.join(dir, 'first'));
      await first.exec("create table kept (note text); insert into kept values ('first')");
      await first.close();
      const second = await EmbeddedDatabase.open(path.join(dir, 'second'));
      await expect(second.exec('select * from kept')).rejects.toMatchObject({ code: '42P01' });
      await second.exec("create table kept (note text); insert into kept values ('second')");
      // Named statements prepared on the first database are not taken for prepared here.
      expect((await second.query('select note from kept', [], 'read_kept')).rows).toEqual([
        { note: 'second' },
      ]);
      await second.close();
      const again = await EmbeddedDatabase.open(path.join(dir, 'first'));
      expect((await again.query('select note from kept', [], 'read_kept')).rows).toEqual([{ note: 'first' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses statements once closed instead of waiting forever', async () => {
    const other = await EmbeddedDatabase.open('memory://');
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1', [])).rejects.toThrow();
  });
});
