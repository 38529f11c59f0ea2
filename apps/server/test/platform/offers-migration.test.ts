import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as offersMigration from '../../src/platform/migrations/2026-12-02T0300-offers.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * The offers migration, the newest, taken back and applied again on the current schema: it must
 * leave the schema as it found it, and its `mail_preference_of` must keep every mapping the
 * e-mail and push triggers rely on besides its own `offer`.
 */
describe('migration: offers down and up', () => {
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

  const preferences = async (db: Kysely<unknown>, types: string[]) => {
    const out: Record<string, string | null> = {};
    for (const type of types) {
      const { rows } = await sql<{ p: string | null }>`select mail_preference_of(${type}) as p`.execute(db);
      out[type] = rows[0]!.p;
    }
    return out;
  };

  it('goes down and up again, the schema unchanged; offers e-mail and push under the payment preference', async () => {
    const db = t.ctx.db as unknown as Kysely<unknown>;
    const types = [
      'outbid',
      'auction_won',
      'item_sold',
      'item_shipped',
      'payout_paid',
      'ending_soon',
      'saved_search_match',
      'question',
      'claim_resolved',
      'security',
      'system',
      'offer',
    ];
    const before = await columns(db);
    const mappedBefore = await preferences(db, types);
    expect(before).toContain('offers.counter_amount:bigint');
    expect(before).toContain('products.accepts_offers:boolean');

    await offersMigration.down(db);
    const down = await columns(db);
    expect(down.some((c) => c.startsWith('offers.'))).toBe(false);
    expect(down).not.toContain('products.accepts_offers:boolean');
    expect(await preferences(db, ['offer', 'item_sold'])).toEqual({ offer: null, item_sold: 'payment' });

    await offersMigration.up(db);
    expect(await columns(db)).toEqual(before);
    const mappedAfter = await preferences(db, types);
    expect(mappedAfter).toEqual(mappedBefore);
    expect(mappedAfter).toMatchObject({
      offer: 'payment',
      outbid: 'outbid',
      saved_search_match: 'saved_search',
      claim_resolved: 'claims',
      security: null,
      system: null,
    });
  });
});
