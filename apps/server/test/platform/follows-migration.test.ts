import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as followsMigration from '../../src/platform/migrations/2026-12-03T0100-follows.ts';
import * as rulesMigration from '../../src/platform/migrations/2026-12-03T0300-notification-rules.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * The follows migration taken back and applied again on the current schema, with the
 * notification-rules migration (which redefines the same e-mail functions) taken back before it
 * and applied again after: the schema and the e-mail functions come back as they were, and
 * `mail_preference_of` keeps every earlier mapping besides its own `followed_seller`.
 */
describe('migration: follows down and up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 300_000);
  afterAll(() => t?.close());

  const columns = async (db: Kysely<unknown>) =>
    (
      await sql<{ c: string }>`
        select table_name || '.' || column_name || ':' || data_type as c
        from information_schema.columns where table_schema = current_schema()
        order by 1`.execute(db)
    ).rows.map((r) => r.c);
  const functions = async (db: Kysely<unknown>) =>
    (
      await sql<{ f: string }>`
        select p.proname || ':' || md5(p.prosrc) as f from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() and p.proname in ('mail_preference_of', 'mail_enqueue_notification')
        order by 1`.execute(db)
    ).rows.map((r) => r.f);
  const preferences = async (db: Kysely<unknown>, types: string[]) => {
    const out: Record<string, string | null> = {};
    for (const type of types) {
      const { rows } = await sql<{ p: string | null }>`select mail_preference_of(${type}) as p`.execute(db);
      out[type] = rows[0]!.p;
    }
    return out;
  };

  it('goes down and up again, the schema and e-mail functions unchanged', async () => {
    const db = t.ctx.db as unknown as Kysely<unknown>;
    const types = [
      'outbid',
      'offer',
      'saved_search_match',
      'question',
      'claim_resolved',
      'system',
      'followed_seller',
    ];
    const before = await columns(db);
    const functionsBefore = await functions(db);
    const mappedBefore = await preferences(db, types);
    expect(before).toContain('seller_follows.notified_day:text');
    expect(mappedBefore).toMatchObject({
      followed_seller: 'followed_sellers',
      offer: 'payment',
      system: null,
    });

    await rulesMigration.down(db);
    await followsMigration.down(db);
    expect((await columns(db)).some((c) => c.startsWith('seller_follows.'))).toBe(false);
    expect(await preferences(db, ['followed_seller', 'saved_search_match'])).toEqual({
      followed_seller: null,
      saved_search_match: 'saved_search',
    });

    await followsMigration.up(db);
    await rulesMigration.up(db);
    expect(await columns(db)).toEqual(before);
    expect(await functions(db)).toEqual(functionsBefore);
    expect(await preferences(db, types)).toEqual(mappedBefore);
  });
});
