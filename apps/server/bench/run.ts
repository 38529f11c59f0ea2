/**
 * Search benchmark (issue 6): seeds 200,000 products, 20,000 auctions and 5,000 users into a fresh
 * database, then times the search service (the same code GET /api/auctions/search/{term} runs)
 * over realistic terms: accents left out, typos, cut words, several words.
 *
 *   npm run bench                  # PGlite in memory, plus PostgreSQL when a URL is set:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *   (TEST_DATABASE_URL is used when BENCH_DATABASE_URL is not set; a database is created
 *    beside it for the run and dropped afterwards.)
 *
 * Options (env): BENCH_PRODUCTS, BENCH_AUCTIONS, BENCH_USERS, BENCH_ROUNDS, BENCH_ONLY=pglite|postgres,
 * BENCH_KEEP=1 (keep the PostgreSQL database to inspect plans).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createSearchService } from '../src/modules/search/search.service.ts';
import type { AppContext } from '../src/platform/context.ts';
import { openDatabase } from '../src/platform/db.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';
import { AUCTIONS, PRODUCTS, seed, USERS } from './seed.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

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

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

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

async function benchmark(label: string, databaseUrl: string | undefined): Promise<Report> {
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
    for (let round = 0; round < ROUNDS; round += 1) {
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

async function withFreshPostgres<T>(baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`(kept ${name} for inspection; drop it when done)`);
    else {
      // The pool's connections may still be saying goodbye: a forced drop would kill them
      // mid-way (an unhandled pool error). Wait for them, then force whatever is left.
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  }
}

const reports: Report[] = [];
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') reports.push(await benchmark('PGlite (embedded, in memory)', undefined));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl && only !== 'pglite') {
  const version = await (async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const { rows } = await client.query('show server_version');
    await client.end();
    return String(rows[0]?.server_version ?? '').split(' ')[0];
  })();
  reports.push(await withFreshPostgres(pgUrl, (url) => benchmark(`PostgreSQL ${version}`, url)));
} else if (!pgUrl) {
  console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

console.log(
  `\n${PRODUCTS.toLocaleString('en')} products, ${AUCTIONS.toLocaleString('en')} auctions, ${USERS.toLocaleString('en')} users; ` +
    `${TERMS.length} terms x ${ROUNDS} rounds; ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
    `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log('| database | seed | searches | median | p95 | max | slowest term (median) |');
console.log('|---|---|---|---|---|---|---|');
for (const r of reports) {
  console.log(
    `| ${r.database} | ${r.seedSeconds.toFixed(0)} s | ${r.queries} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.slowest} |`,
  );
}
