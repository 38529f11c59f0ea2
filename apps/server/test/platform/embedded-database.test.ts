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

  it('refuses statements once closed instead of waiting forever', async () => {
    const other = await EmbeddedDatabase.open('memory://');
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1', [])).rejects.toThrow();
  });
});
