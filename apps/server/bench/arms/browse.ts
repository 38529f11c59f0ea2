/**
 * The browse arm: GET /api/catalog/browse's service (the same code the route runs) over the
 * search arm's generated catalogue at 20,000 and 200,000 products, on PGlite and PostgreSQL.
 * Each query carries three filters, a sort, and the facet counts every browse answer has. The
 * goal: p95 at 200,000 products within 1.5 times p95 at 20,000, and under 100 ms on PostgreSQL.
 * Env: BENCH_ROUNDS.
 */
import type { BrowseQuery } from '@app/contracts';
import { BrowseQuerySchema } from '@app/contracts';
import { sql } from 'kysely';
import { createCatalogService } from '../../src/modules/catalog/catalog.service.ts';
import { facetCountsRepository } from '../../src/modules/catalog/facet-counts.repository.ts';
import { createSearchService } from '../../src/modules/search/search.service.ts';
import type { AppContext } from '../../src/platform/context.ts';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { withFreshDatabase } from '../lib/postgres.ts';
import { percentile, round } from '../lib/stats.ts';
import { type SeedSizes, seed } from '../seed.ts';
import type { Arm, ArmResult } from '../types.ts';

const SIZES: SeedSizes[] = [
  { products: 20_000, auctions: 2_000, users: 500 },
  { products: 200_000, auctions: 20_000, users: 5_000 },
];

/** Three filters and a sort each, as a collector combines them. */
async function queries(db: AppContext['db']): Promise<BrowseQuery[]> {
  const ids = async (table: 'categories' | 'brands' | 'scales', name: string) =>
    (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const cars = await ids('categories', 'Autos die-cast');
  const cards = await ids('categories', 'Cartas coleccionables');
  const hotWheels = await ids('brands', 'Hot Wheels');
  const pokemon = await ids('brands', 'Pokémon');
  const funko = await ids('brands', 'Funko');
  const scale64 = await ids('scales', '1:64');
  const raw = [
    { category_id: cars, condition: 'usado', max_price: 200000, sort: 'price_asc' },
    { kind: 'auction', brand_id: hotWheels, min_price: 10000, sort: 'ending_soon' },
    { q: 'camaro', scale_id: scale64, condition: 'nuevo_en_caja', sort: 'newest' },
    { category_id: cards, brand_id: pokemon, max_price: 500000, sort: 'most_bids' },
    { kind: 'buy_now', brand_id: funko, condition: 'con_detalles', sort: 'price_desc' },
    { q: 'pokemon', kind: 'all', min_price: 50000, sort: 'price_asc' },
    { category_id: cars, scale_id: scale64, min_price: 20000, sort: 'ending_soon' },
    { kind: 'buy_now', condition: 'nuevo_sin_caja', max_price: 300000, sort: 'newest' },
  ];
  return raw.map((q) => BrowseQuerySchema.parse({ ...q, size: 24 }));
}

interface Report {
  database: string;
  products: number;
  queries: number;
  median: number;
  p95: number;
  slowest: string;
}

async function benchmark(
  label: string,
  databaseUrl: string | undefined,
  sizes: SeedSizes,
  rounds: number,
): Promise<Report> {
  console.log(`\n== ${label}, ${sizes.products} products ==`);
  const { db, close } = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    await migrateToLatest(db);
    const now = await seed(db, sizes);
    // The generated catalogue has no conditions: one in five products each, one in five none.
    await sql`
      update products set condition =
        (array['nuevo_en_caja', 'nuevo_sin_caja', 'usado', 'con_detalles', null])[1 + id % 5];
      analyze products;
    `.execute(db);
    // That update of every product rewrote each listed product's catalog_listing row through
    // its trigger; autovacuum would clean the dead versions after such a mass update on a real
    // database, here it is done at once (VACUUM cannot run inside the statement batch above).
    // The seed and that update appended every listing change to the facet counts; the running
    // server's job folds them as they come (catalog.compact-facet-counts), here once.
    await facetCountsRepository.fold(db);
    await sql`vacuum analyze catalog_listing`.execute(db);
    // The fold left the summary's few live rows at the end of the pages the mass update filled;
    // folded every second, a running server's summary never grows so.
    await sql`vacuum full analyze catalog_facet_counts`.execute(db);
    const ctx = {
      db,
      clock: { now: () => now, advance: () => now, adjustable: false },
    } as unknown as AppContext;
    const catalog = createCatalogService(ctx, { search: createSearchService(ctx) });
    const list = await queries(db);
    const counts: string[] = [];
    for (const q of list) {
      const r = await catalog.browse(q); // warm-up, and what each finds
      counts.push(String(r.meta.total));
    }
    console.log(`  matches per query: ${counts.join(', ')}`);
    const latencies: number[] = [];
    const perQuery = list.map(() => [] as number[]);
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, q] of list.entries()) {
        const start = performance.now();
        await catalog.browse(q);
        const ms = performance.now() - start;
        latencies.push(ms);
        perQuery[i]!.push(ms);
      }
    }
    latencies.sort((a, b) => a - b);
    const medians = perQuery.map((values, i) => {
      values.sort((a, b) => a - b);
      return { i, median: percentile(values, 50) };
    });
    medians.sort((a, b) => b.median - a.median);
    for (const { i, median } of medians)
      console.log(`  ${median.toFixed(1).padStart(8)} ms  ${JSON.stringify(list[i])}`);
    return {
      database: label,
      products: sizes.products,
      queries: latencies.length,
      median: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      slowest: `query ${medians[0]!.i + 1} (${medians[0]!.median.toFixed(0)} ms)`,
    };
  } finally {
    await close();
  }
}

function results(arm: string, small: Report, large: Report, postgres: boolean): ArmResult {
  const ratio = large.p95 / small.p95;
  const met = ratio <= 1.5 && (!postgres || large.p95 < 100);
  return {
    arm,
    metric: `browse p95, ${large.products} vs ${small.products} products, 3 filters + sort + facets (${large.database})`,
    value: round(large.p95, 1),
    unit: 'ms',
    ceiling: round(small.p95, 1),
    ratio: round(ratio, 2),
    goal: postgres ? 'p95(200k) <= 1.5 x p95(20k) and < 100 ms' : 'p95(200k) <= 1.5 x p95(20k)',
    met,
    details: {
      median_200k_ms: round(large.median, 1),
      median_20k_ms: round(small.median, 1),
      slowest_200k: large.slowest,
    },
  };
}

export const run: Arm = async (env) => {
  const rounds = Number(process.env.BENCH_ROUNDS ?? (env.quick ? 3 : 15));
  const out: ArmResult[] = [];
  if (env.postgresUrl) {
    const url = env.postgresUrl;
    const [small, large] = [
      await withFreshDatabase(url, (u) => benchmark('PostgreSQL', u, SIZES[0]!, rounds)),
      await withFreshDatabase(url, (u) => benchmark('PostgreSQL', u, SIZES[1]!, rounds)),
    ];
    out.push(results('browse-postgres', small, large, true));
  }
  const small = await benchmark('PGlite (embedded, in memory)', undefined, SIZES[0]!, rounds);
  const large = await benchmark('PGlite (embedded, in memory)', undefined, SIZES[1]!, rounds);
  out.push(results('browse-pglite', small, large, false));
  return out;
};
