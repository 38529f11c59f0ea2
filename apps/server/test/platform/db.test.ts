import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

describe('database layer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('isolates concurrent transactions: of 100 where 50 throw, exactly 50 commit', async () => {
    const owner = await insertUser(t.ctx.db);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        t.ctx.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('notifications')
            .values({ user_id: owner.id, type: 'test', title: `n${i}`, message: 'x', created_at: new Date() })
            .execute();
          await new Promise((r) => setTimeout(r, 1));
          if (i % 2 === 1) throw new Error('rollback');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(50);
    const { count } = await t.ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(50);
  });

  it('returns bigint columns as numbers and dates as YYYY-MM-DD', async () => {
    const row = await sql<{
      big: number;
      day: string;
    }>`select 12345678901::bigint as big, '2020-02-03'::date as day`.execute(t.ctx.db);
    expect(row.rows[0]).toEqual({ big: 12345678901, day: '2020-02-03' });
  });

  it('has the search extensions', async () => {
    const row = await sql<{ u: string }>`select unaccent('Pokémon Camión') as u`.execute(t.ctx.db);
    expect(row.rows[0]?.u).toBe('Pokemon Camion');
    const sim = await sql<{ s: number }>`select similarity('funko', 'funco') as s`.execute(t.ctx.db);
    expect(sim.rows[0]!.s).toBeGreaterThan(0.2);
  });
});
