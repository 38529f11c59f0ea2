import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * A bid rewrites its race's row and its listing row. PostgreSQL keeps such an update on the row's
 * own page without touching any index (a HOT update) only when no index covers a column it
 * changes, so no index may name the columns a bid writes (decision record 0024).
 */
describe('what a bid writes is not indexed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  const indexesOf = async (table: string) =>
    (
      await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${table}`.execute(
        t.ctx.db,
      )
    ).rows.map((r) => r.indexdef);

  it.each([
    ['auction_products', /\b(highest_bid|highest_bidder_id|bid_count|race_stamp)\b/],
    ['catalog_listing', /\b(price|bids_count)\b/],
  ])('%s', async (table, written) => {
    const indexes = await indexesOf(table);
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.filter((definition) => written.test(definition))).toEqual([]);
  });
});
