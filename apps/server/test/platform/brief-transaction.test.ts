import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefTransaction } from '../../src/platform/brief-transaction.ts';
import type { Database } from '../../src/platform/db.ts';
import { inlineParameters } from '../../src/platform/sql-literals.ts';
import { insertUser } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

describe('brief transactions (BEGIN with the first statement, COMMIT with the last)', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp();
    userId = (await insertUser(t.ctx.db)).id;
  });
  afterAll(() => t.close());

  const notice = (title: string, db: Database = t.ctx.db) =>
    db
      .insertInto('notifications')
      .values({ user_id: userId, type: 'test', title, message: 'm', created_at: new Date() })
      .returning(['id', 'title']);
  const titles = async (prefix: string) =>
    (
      await t.ctx.db
        .selectFrom('notifications')
        .select('title')
        .where('title', 'like', `${prefix}%`)
        .orderBy('id')
        .execute()
    ).map((r) => r.title);

  it('commits what the first, middle and last statements wrote, and answers their rows', async () => {
    const answer = await briefTransaction(t.ctx.db, async (tx) => {
      const [first] = await tx.first(notice('commit-1').compile());
      await notice('commit-2', tx.db).execute();
      const [last] = await tx.last(notice('commit-3').compile());
      return [first?.title, last?.title];
    });
    expect(answer).toEqual(['commit-1', 'commit-3']);
    expect(await titles('commit-')).toEqual(['commit-1', 'commit-2', 'commit-3']);
  });

  it('commits on its own when the body ends without a last statement', async () => {
    await briefTransaction(t.ctx.db, async (tx) => {
      await tx.first(notice('alone-1').compile());
      await notice('alone-2', tx.db).execute();
    });
    expect(await titles('alone-')).toEqual(['alone-1', 'alone-2']);
  });

  it('rolls everything back when the last statement fails, and leaves the connection usable', async () => {
    const failing = briefTransaction(t.ctx.db, async (tx) => {
      await tx.first(notice('failed-1').compile());
      await notice('failed-2', tx.db).execute();
      // user_id must reference a user: the statement fails, so its COMMIT never runs.
      await tx.last(
        t.ctx.db
          .insertInto('notifications')
          .values({ user_id: -1, type: 'test', title: 'failed-3', message: 'm', created_at: new Date() })
          .compile(),
      );
    });
    await expect(failing).rejects.toThrow();
    expect(await titles('failed-')).toEqual([]);
    // Nothing left open: the next transactions on the same (embedded: only) connection commit.
    for (let i = 0; i < 3; i++) {
      await briefTransaction(t.ctx.db, async (tx) => {
        await tx.last(notice(`after-${i}`).compile());
      });
    }
    expect(await titles('after-')).toEqual(['after-0', 'after-1', 'after-2']);
  });

  it('refuses a second BEGIN and anything after the COMMIT', async () => {
    await expect(
      briefTransaction(t.ctx.db, async (tx) => {
        await tx.first(notice('twice-1').compile());
        await tx.first(notice('twice-2').compile());
      }),
    ).rejects.toThrow('already begun');
    await expect(
      briefTransaction(t.ctx.db, async (tx) => {
        await tx.last(notice('ended-1').compile());
        await tx.last(notice('ended-2').compile());
      }),
    ).rejects.toThrow('already ended');
    // The first one rolled back; the second committed its only statement.
    expect(await titles('twice-')).toEqual([]);
    expect(await titles('ended-')).toEqual(['ended-1']);
  });

  it('rolls back when the body throws after the first statement', async () => {
    const failing = briefTransaction(t.ctx.db, async (tx) => {
      await tx.first(notice('thrown-1').compile());
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await titles('thrown-')).toEqual([]);
  });

  it('writes hostile text, numbers, dates and nulls as literals that read back unchanged', async () => {
    const text = `it's \\ "quoted" $1 $$ ; drop table users; -- ñandú 🦖 E'\\x00'`;
    const when = new Date('2026-11-25T06:07:08.123Z');
    const query = sql<{
      text: string;
      big: number;
      negative: number;
      when: Date;
      nothing: null;
      yes: boolean;
    }>`
      select ${text}::text as text, ${9_007_199_254_740_991}::bigint as big, ${-42}::int as negative,
             ${when}::timestamptz as when, ${null}::text as nothing, ${true}::boolean as yes
    `.compile(t.ctx.db);
    const [row] = await briefTransaction(t.ctx.db, (tx) => tx.last(query));
    expect(row).toEqual({
      text,
      big: 9_007_199_254_740_991,
      negative: -42,
      when,
      nothing: null,
      yes: true,
    });
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toHaveLength(
      1,
    );
  });

  it('writes arrays as typed by where they go, hostile elements included', async () => {
    const texts = [`it's`, 'a "b" {c,d} \\', null];
    // Read back element by element (the embedded driver's array reader turns a NULL element
    // into the text 'NULL').
    const query = sql<{ first: string; second: string; third_null: boolean; none: number; ids: number[] }>`
      select t[1] as first, t[2] as second, t[3] is null as third_null,
             cardinality(${[]}::integer[]) as none, ${[1, 2]}::integer[] as ids
      from (select ${texts}::text[] as t) as given
    `.compile(t.ctx.db);
    const [row] = await briefTransaction(t.ctx.db, (tx) => tx.first(query));
    expect(row).toEqual({ first: texts[0], second: texts[1], third_null: true, none: 0, ids: [1, 2] });
    expect(() => inlineParameters(sql`select ${['a\0b']}`.compile(t.ctx.db))).toThrow('NUL');
  });

  it('refuses values that cannot be written as a literal', () => {
    const compiled = (value: unknown) => ({ ...sql`select ${value}`.compile(t.ctx.db) });
    expect(() => inlineParameters(compiled('a\0b'))).toThrow('NUL');
    expect(() => inlineParameters(compiled(Number.NaN))).toThrow();
    expect(() => inlineParameters(compiled({ a: 1 }))).toThrow();
    // A value substituted in is never read for placeholders again.
    expect(inlineParameters(sql`select ${'$2'}, ${'x'}`.compile(t.ctx.db))).toBe(`select '$2', 'x'`);
  });
});
