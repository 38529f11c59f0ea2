import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../factories/users.ts';
import { startTestApp } from '../support/build-app.ts';
import { testDatabaseKind } from '../support/database.ts';
import { embeddedDatabasesOpened } from '../support/reused-database.ts';

/**
 * The API tests' apps share their worker's embedded database, put back into its migrated state
 * between apps (test/support/reused-database.ts): what one app wrote must never reach the next.
 */
describe.skipIf(testDatabaseKind() !== 'pglite')('the database the next app gets', () => {
  async function snapshot() {
    const t = await startTestApp();
    const rows = {
      users: await t.ctx.db.selectFrom('users').select('id').execute(),
      brands: (await t.ctx.db.selectFrom('brands').select(['id', 'name']).orderBy('id').execute()).length,
      audit: await t.ctx.db.selectFrom('operator_audit').select('id').execute(),
    };
    return { t, rows };
  }

  it('holds nothing the previous app wrote, the migrations’ rows, and fresh sequences', async () => {
    const first = await snapshot();
    expect(first.rows.users).toEqual([]);
    const before = await insertUser(first.t.ctx.db);
    await insertUser(first.t.ctx.db);
    await sql`insert into brands (category_id, name) select id, 'Marca de una prueba' from categories limit 1`.execute(
      first.t.ctx.db,
    );
    // Append-only to the app (a trigger refuses updates, deletes and truncation); emptied all the same.
    await sql`insert into operator_audit (actor_id, action, target_type, target_id, created_at)
      values (${before.id}, 'prueba', 'user', ${String(before.id)}, now())`.execute(first.t.ctx.db);
    // A session-level lock must not survive either.
    await sql`select pg_advisory_lock(42)`.execute(first.t.ctx.db);
    await first.t.close();

    const opened = embeddedDatabasesOpened();
    const second = await snapshot();
    try {
      // The same database, put back (not a fresh one, which would hide a reset that fails).
      expect(embeddedDatabasesOpened()).toBe(opened);
      expect(second.rows.users).toEqual([]);
      expect(second.rows.audit).toEqual([]);
      expect(second.rows.brands).toBe(first.rows.brands);
      const again = await insertUser(second.t.ctx.db);
      expect(again.id).toBe(before.id);
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(42) as locked`.execute(
        second.t.ctx.db,
      );
      expect(rows[0]!.locked).toBe(true);
    } finally {
      await second.t.close();
    }
  });

  it('is a fresh one after an app that changed the schema', async () => {
    const first = await startTestApp();
    await sql`create table left_behind (id int)`.execute(first.ctx.db);
    await first.close();
    const opened = embeddedDatabasesOpened();
    const second = await startTestApp();
    try {
      expect(embeddedDatabasesOpened()).toBe(opened + 1);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_class where relname = 'left_behind'`.execute(second.ctx.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  });
});
