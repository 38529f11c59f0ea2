/**
 * The search arm (issue 6's benchmark): seeds 200,000 products, 20,000 auctions and 5,000 users
 * into a fresh database, then times the search service (the same code GET
 * /api/auctions/search/{term} runs) over realistic terms: accents left out, typos, cut words,
 * several words. PGlite in memory, and PostgreSQL when one is reachable. Env: BENCH_PRODUCTS,
 * BENCH_AUCTIONS, BENCH_USERS, BENCH_ROUNDS.
 */
import { createSearchService } from '../../src/modules/search/search.service.ts';
import type { AppContext } from '../../src/platform/context.ts';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { withFreshDatabase } from '../lib/postgres.ts';
import { percentile, round } from '../lib/stats.ts';
import { seed } from '../seed.ts';
import type { Arm, ArmResult } from '../types.ts';

/** What collectors type: no accents, typos, cut words, brand + model, a miss. */
const TERMS = [
  'pokemon',
  'charizard',
  'pikachu holografica',
  'hot whel',
  'hot wheels camaro',
  'funco',
  'funko pop batman',
  'camion',
  'camion de bomberos',
  'matchbx',
  'ferari f40',
  'porsche 911',
  'nissan skylin',
  'yugioh',
  'dragon blanco ojos azules',
  'lamina messi',
  'bearbrick',
  'batimovil',
  'edicion limitada',
  'mini gt',
  'subasta autos clasicos',
  'coleccionista medellin',
  'tren electrico',
  'xqzw inexistente',
];

interface Report {
  database: string;
  seedSeconds: number;
  queries: number;
  median: number;
  p95: number;
  max: number;
  slowest: string;
  counts: string;
}

async function benchmark(label: string, databaseUrl: string | undefined, rounds: number): Promise<Report> {
  console.log(`\n== ${label} ==`);
  const { db, close } = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    await migrateToLatest(db);
    const seedStart = performance.now();
    const now = await seed(db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const ctx = {
      db,
      clock: { now: () => now, advance: () => now, adjustable: false },
    } as unknown as AppContext;
    const service = createSearchService(ctx);

    const counts: string[] = [];
    for (const term of TERMS) {
      const r = await service.search(term); // warm-up, and a sanity check of what is found
      counts.push(`${term}: ${r.users.length}/${r.products.length}/${r.auctions.length}`);
    }
    const latencies: number[] = [];
    const perTerm = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const term of TERMS) {
        const start = performance.now();
        await service.search(term);
        const ms = performance.now() - start;
        latencies.push(ms);
        perTerm.set(term, [...(perTerm.get(term) ?? []), ms]);
      }
    }
    latencies.sort((a, b) => a - b);
    const medians = [...perTerm].map(([term, values]) => {
      values.sort((a, b) => a - b);
      return { term, median: percentile(values, 50) };
    });
    medians.sort((a, b) => b.median - a.median);
    for (const { term, median } of medians) console.log(`  ${median.toFixed(1).padStart(8)} ms  ${term}`);
    const report: Report = {
      database: label,
      seedSeconds,
      queries: latencies.length,
      median: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1)!,
      slowest: `${medians[0]!.term} (${medians[0]!.median.toFixed(0)} ms)`,
      counts: counts.join('; '),
    };
    console.log(`  results users/products/auctions per term: ${report.counts}`);
    return report;
  } finally {
    await close();
  }
}

/** Goals: p95 <= 50 ms on the embedded database, <= 100 ms on PostgreSQL, at 200,000 products. */
const toResult = (arm: string, r: Report, goalMs: number): ArmResult => ({
  arm,
  metric: `search p95 over ${r.queries} searches (${r.database})`,
  value: round(r.p95, 1),
  unit: 'ms',
  goal: `p95 <= ${goalMs} ms`,
  met: r.p95 <= goalMs,
  details: {
    median_ms: round(r.median, 1),
    max_ms: round(r.max, 1),
    seed_s: round(r.seedSeconds, 0),
    slowest: r.slowest,
  },
});

export const run: Arm = async (env) => {
  const rounds = Number(process.env.BENCH_ROUNDS ?? (env.quick ? 2 : 10));
  const results = [
    toResult('search-pglite', await benchmark('PGlite (embedded, in memory)', undefined, rounds), 50),
  ];
  if (env.postgresUrl) {
    const report = await withFreshDatabase(env.postgresUrl, (url) => benchmark('PostgreSQL', url, rounds));
    results.push(toResult('search-postgres', report, 100));
  }
  return results;
};
