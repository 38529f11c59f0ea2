import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/** The next listed end (read on every browse miss) is found through an index, not a scan. */
describe('catalog listing: the next end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('the query the browse cache runs can use the end index', async () => {
    const plan = await t.ctx.db.transaction().execute(async (trx) => {
      // Tiny test tables are scanned anyway: ask whether the index can answer it at all.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select min(end_time) as next from catalog_listing where end_time > ${new Date()}
      `.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('catalog_listing_end_idx');
  });
});
