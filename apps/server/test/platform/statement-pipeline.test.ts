import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { testDatabaseKind } from '../support/database.ts';

describe('statement pipeline (single statements applied in the order they are sent)', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp();
    userId = (await insertUser(t.ctx.db)).id;
  });
  afterAll(() => t.close());

  /** Appends `digit` to the number stored in the user's avatar: the end value spells the order. */
  const append = (digit: number) =>
    sql<{ avatar: string }>`
      update users set avatar = coalesce(avatar, '') || ${String(digit)}
      where id = ${userId} returning avatar
    `.compile(t.ctx.db);
  const avatar = async () =>
    (await t.ctx.db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow())
      .avatar;

  it('applies statements sent without waiting in the order they were sent, each committed', async () => {
    await t.ctx.db.updateTable('users').set({ avatar: null }).where('id', '=', userId).execute();
    const digits = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    const answers = await Promise.all(digits.map((d) => t.ctx.pipeline.run(append(d))));
    // Each statement saw every one sent before it, committed.
    expect(answers.map(([row]) => row!.avatar)).toEqual(
      digits.map((_, i) => digits.slice(0, i + 1).join('')),
    );
    expect(await avatar()).toBe(digits.join(''));
  });

  it('fails only the statement that fails: the ones behind it still run', async () => {
    await t.ctx.db.updateTable('users').set({ avatar: null }).where('id', '=', userId).execute();
    const failing = sql`select 1 / 0 as never`.compile(t.ctx.db);
    const [before, failed, after] = await Promise.allSettled([
      t.ctx.pipeline.run(append(7)),
      t.ctx.pipeline.run(failing),
      t.ctx.pipeline.run(append(8)),
    ]);
    expect(before.status).toBe('fulfilled');
    expect(failed.status).toBe('rejected');
    expect(after.status).toBe('fulfilled');
    expect(await avatar()).toBe('78');
  });

  it('runs a named statement prepared once with the values of each call, arrays and quotes included', async () => {
    const echo = (words: string[], n: number) =>
      sql<{ words: string; n: number }>`
        select array_to_string(${words}::text[], '|') as words, ${n}::integer + 1 as n
      `.compile(t.ctx.db);
    const [a, b] = await Promise.all([
      t.ctx.pipeline.run(echo([`it's`, '{a,"b"}'], 1), 'pipeline_test_echo'),
      t.ctx.pipeline.run(echo([], 41), 'pipeline_test_echo'),
    ]);
    expect(a).toEqual([{ words: `it's|{a,"b"}`, n: 2 }]);
    expect(b).toEqual([{ words: '', n: 42 }]);
  });

  it('keeps a named statement usable after one of its calls fails', async () => {
    const divide = (by: number) => sql<{ q: number }>`select 10 / ${by}::integer as q`.compile(t.ctx.db);
    await expect(t.ctx.pipeline.run(divide(0), 'pipeline_test_divide')).rejects.toThrow(/division by zero/);
    expect(await t.ctx.pipeline.run(divide(5), 'pipeline_test_divide')).toEqual([{ q: 2 }]);
  });

  it('never runs a statement inside a transaction another caller holds open', async () => {
    await t.ctx.db.updateTable('users').set({ avatar: 'before' }).where('id', '=', userId).execute();
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let leave!: () => void;
    const left = new Promise<void>((resolve) => {
      leave = resolve;
    });
    const transaction = t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ avatar: 'uncommitted' }).where('id', '=', userId).execute();
        inside();
        await left;
        throw new Error('rolled back');
      })
      .catch(() => {});
    await entered;
    const read = t.ctx.pipeline.run(
      sql<{ avatar: string }>`select avatar from users where id = ${userId}`.compile(t.ctx.db),
    );
    leave();
    await transaction;
    // On PGlite's one connection the read would otherwise have seen the open transaction's write.
    expect(await read).toEqual([{ avatar: 'before' }]);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'opens a new connection when its connection is lost',
    async () => {
      const [lost] = await t.ctx.pipeline.run(
        sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(t.ctx.db),
      );
      const pid = lost!.pid;
      await sql`select pg_terminate_backend(${pid})`.execute(t.ctx.db);
      // The statement sent on the dropped connection fails (or, if the drop was already seen, runs
      // on a new one); the one after certainly runs on a new connection.
      await t.ctx.pipeline.run(sql`select 1`.compile(t.ctx.db)).catch(() => {});
      const [again] = await t.ctx.pipeline.run(
        sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(t.ctx.db),
      );
      expect(again!.pid).not.toBe(pid);
    },
  );
});
