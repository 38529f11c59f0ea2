import { BrowseQuerySchema } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogService } from '../../../src/modules/catalog/catalog.service.ts';
import { facetCountsRepository } from '../../../src/modules/catalog/facet-counts.repository.ts';
import { createSearchService } from '../../../src/modules/search/search.service.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const HOUR = 3600_000;

/**
 * Browse's counts come from `catalog_facet_counts` (changes appended by the listing's triggers,
 * folded by a job) over the price bands a range covers whole, plus the listing rows of the bands
 * it cuts, less auctions past their end not yet closed. Here they are compared with a count of
 * the listing itself, for price ranges on, next to and between the band bounds.
 */
describe('browse counts from the facet summary', () => {
  let t: TestApp;
  let browse: ReturnType<typeof createCatalogService>['browse'];

  /** What the listing itself says: matches by category and condition, for a price range and kind. */
  async function counted(kind: string, min?: number, max?: number) {
    const { rows } = await sql<{ category_id: number; condition: string | null; n: number }>`
      select category_id, condition, count(*)::integer as n from catalog_listing
       where (${kind} = 'all' or kind = ${kind})
         and (kind = 'buy_now' or end_time > ${t.ctx.clock.now()})
         and (${min ?? null}::bigint is null or price >= ${min ?? null}::bigint)
         and (${max ?? null}::bigint is null or price <= ${max ?? null}::bigint)
       group by category_id, condition`.execute(t.ctx.db);
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    const byCategory = new Map<number, number>();
    const byCondition = new Map<string, number>();
    for (const row of rows) {
      byCategory.set(row.category_id, (byCategory.get(row.category_id) ?? 0) + row.n);
      if (row.condition) byCondition.set(row.condition, (byCondition.get(row.condition) ?? 0) + row.n);
    }
    return { total, byCategory, byCondition };
  }

  async function summaryMatchesListing() {
    const key = sql`kind, category_id, brand_id, scale_id, condition, price_band`;
    const summed = await sql`select ${key}, sum(n)::integer as n from catalog_facet_counts
      group by ${key} having sum(n) <> 0 order by ${key}`.execute(t.ctx.db);
    const listed = await sql`select ${key}, count(*)::integer as n from catalog_listing
      group by ${key} order by ${key}`.execute(t.ctx.db);
    expect(summed.rows).toEqual(listed.rows);
  }

  beforeAll(async () => {
    t = await startTestApp();
    browse = createCatalogService(t.ctx, { search: createSearchService(t.ctx) }).browse;
    const seller = await insertUserWithToken(t, { is_seller: true });
    const conditions = ['nuevo_en_caja', 'usado', null] as const;
    // Buy-now prices in pesos on, just under and just over band bounds ($1,000, $100,000,
    // $150,000), one under the first bound, and a high one.
    const prices = [500, 999, 1_000, 1_001, 99_999, 100_000, 100_001, 149_999, 150_000, 150_001, 2_000_000];
    for (const [i, pesos] of prices.entries())
      await insertProduct(t.ctx.db, seller.user.id, {
        name: `Precio ${pesos}`,
        status: 'available',
        can_be_bought: true,
        sell_price: pesos * 100,
        condition: conditions[i % 3],
        categoryName: i % 2 ? 'Cartas coleccionables' : 'Autos die-cast',
      });
    const now = t.ctx.clock.now();
    // Running lots at a base price inside a whole band, one of them bid past the next bound.
    const running = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      productCount: 3,
      product: { base_price: 120_000_00, condition: 'usado' },
    });
    await t.ctx.db
      .updateTable('auction_products')
      .set({ highest_bid: 160_000_00, bid_count: 1 })
      .where('product_id', '=', running.products[0]!.id)
      .execute();
    // An auction past its end that the closing job has not reached: still listed, not buyable.
    await insertAuction(t.ctx.db, seller.user.id, {
      now: new Date(now.getTime() - 3 * HOUR),
      durationHours: 1,
      productCount: 2,
      product: { base_price: 120_000_00, condition: 'usado' },
    });
  });
  afterAll(() => t?.close());

  it('counts every price range exactly, whole bands, cut bands and between them', async () => {
    await summaryMatchesListing();
    const bounds = [
      undefined,
      999,
      1_000,
      1_001,
      99_999,
      100_000,
      100_001,
      120_000,
      149_999,
      150_000,
      160_000,
      3_000_000,
    ];
    for (const kind of ['all', 'auction', 'buy_now'] as const)
      for (const min of bounds)
        for (const max of bounds) {
          if (min !== undefined && max !== undefined && min > max) continue; // refused by the schema
          const query = BrowseQuerySchema.parse({ kind, min_price: min, max_price: max });
          const answer = await browse(query);
          const truth = await counted(kind, min && min * 100, max && max * 100);
          const label = JSON.stringify({ kind, min, max });
          expect(answer.meta.total, label).toBe(truth.total);
          expect(new Map(answer.facets.category.map((f) => [f.id, f.count])), label).toEqual(
            truth.byCategory,
          );
          expect(new Map(answer.facets.condition.map((f) => [f.value, f.count])), label).toEqual(
            truth.byCondition,
          );
        }
  });

  it('keeps the summary equal to the listing through writes and folds, folding in two places at once', async () => {
    const buyNow = await t.ctx.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'available')
      .orderBy('id')
      .execute();
    // Prices moved across bounds, a product taken off sale, one put back.
    for (const [i, { id }] of buyNow.entries())
      await t.ctx.db
        .updateTable('products')
        .set({ sell_price: (i + 1) * 37_000_00 })
        .where('id', '=', id)
        .execute();
    await t.ctx.db
      .updateTable('products')
      .set({ can_be_bought: false })
      .where('id', '=', buyNow[0]!.id)
      .execute();
    await summaryMatchesListing();
    const before = await facetCountsRepository.fold(t.ctx.db);
    expect(before).toBeGreaterThan(0);
    await summaryMatchesListing();
    const { rows } = await sql<{ keys: number; rows: number }>`
      select count(distinct (kind, category_id, brand_id, scale_id, condition, price_band))::integer as keys,
             count(*)::integer as rows from catalog_facet_counts`.execute(t.ctx.db);
    expect(rows[0]!.rows).toBe(rows[0]!.keys);

    // Writes and two folds at once (side by side on PostgreSQL's pool).
    await Promise.all([
      t.ctx.db.updateTable('products').set({ can_be_bought: true }).where('id', '=', buyNow[0]!.id).execute(),
      t.ctx.db
        .updateTable('products')
        .set({ sell_price: 1_500_00 })
        .where('id', '=', buyNow[1]!.id)
        .execute(),
      facetCountsRepository.fold(t.ctx.db),
      facetCountsRepository.fold(t.ctx.db),
    ]);
    await summaryMatchesListing();
    await facetCountsRepository.fold(t.ctx.db);
    await summaryMatchesListing();
    const all = await browse(BrowseQuerySchema.parse({}));
    expect(all.meta.total).toBe((await counted('all')).total);
  });
});
