import { sql } from 'kysely';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { bareFastifyRate } from '../lib/bare.ts';
import { warmLoop } from '../lib/load.ts';
import { withFreshDatabase } from '../lib/postgres.ts';
import { startServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import { seed } from '../seed.ts';
import type { Arm, ArmResult } from '../types.ts';

const CONNECTIONS = 32;
const PATH = '/api/auctions/list?page=1&size=8';

/** GET of the first page of running auctions at 32 connections over `products` products. */
async function listRun(postgresUrl: string, products: number, seconds: number) {
  return withFreshDatabase(postgresUrl, async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      await migrateToLatest(db);
      await seed(db, { products, auctions: products / 10, users: Math.max(500, products / 40) }, new Date());
      // The steady state of a catalogue this size, not the minute after loading it: without this,
      // autovacuum and a checkpoint of the bulk load ran during the larger run's measurement on
      // this 2-core machine (its p99 went from 0.95x to 1.58x the smaller run's between two runs).
      await sql`vacuum analyze`.execute(db);
      await sql`checkpoint`.execute(db);
    } finally {
      await close();
    }
    const server = await startServer({ databaseUrl: url });
    try {
      return await warmLoop({
        url: server.url,
        connections: CONNECTIONS,
        seconds,
        next: () => ({ method: 'GET', path: PATH }),
      });
    } finally {
      await server.stop();
    }
  });
}

export const run: Arm = async (env) => {
  if (!env.postgresUrl) return [];
  const seconds = env.quick ? 5 : 15;
  const ceiling = await bareFastifyRate(CONNECTIONS, seconds);
  const sizes = env.quick ? [20_000] : [20_000, 200_000];
  const runs = [];
  for (const products of sizes)
    runs.push({ products, ...(await listRun(env.postgresUrl, products, seconds)) });
  const first = runs[0]!;
  const ratio = first.rate / ceiling.rate;
  const results: ArmResult[] = [
    {
      arm: 'list',
      metric: `GET ${PATH}, ${CONNECTIONS} connections, 20k products`,
      value: round(first.rate, 0),
      unit: 'req/s',
      ceiling: round(ceiling.rate, 0),
      ratio: round(ratio),
      goal: 'ratio >= 0.25 vs bare Fastify, p99 <= 10 ms',
      met: ratio >= 0.25 && first.p99 <= 10,
      details: { p50_ms: round(first.p50, 1), p99_ms: round(first.p99, 1), errors: first.errors },
    },
  ];
  const last = runs.at(-1)!;
  if (last !== first) {
    const growth = last.p99 / first.p99;
    results.push({
      arm: 'list-growth',
      metric: 'list p99 at 200k products vs 20k',
      value: round(last.p99, 1),
      unit: 'ms',
      ceiling: round(first.p99, 1),
      ratio: round(growth),
      goal: 'within 1.5x',
      met: growth <= 1.5,
      details: { rate_200k: round(last.rate, 0) },
    });
  }
  return results;
};
