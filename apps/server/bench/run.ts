/**
 * `npm run bench`: runs the benchmark arms one after another and prints each figure with the
 * ceiling it is measured against in the same run on the same machine (pgbench on the same
 * PostgreSQL, a bare Fastify server), since absolute figures on a shared 2-core machine drift.
 * Writes bench-results.json at the repository root.
 *
 *   npm run bench                          # every arm
 *   BENCH_ONLY=bids,list npm run bench     # some arms
 *   BENCH_QUICK=1 npm run bench            # short runs, a smoke check
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * when it answers; fresh databases are created beside it and dropped. Arms that need it are
 * skipped without it.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as bids from './arms/bids.ts';
import * as browse from './arms/browse.ts';
import * as cards from './arms/cards.ts';
import * as demoSeed from './arms/demo-seed.ts';
import * as fanout from './arms/fanout.ts';
import * as lighthouse from './arms/lighthouse.ts';
import * as list from './arms/list.ts';
import * as productPage from './arms/product-page.ts';
import * as search from './arms/search.ts';
import { postgresReachable, postgresVersion } from './lib/postgres.ts';
import type { Arm, ArmResult, BenchEnv } from './types.ts';

const arms: Record<string, { run: Arm; needs?: 'postgres' }> = {
  bids: { run: bids.run, needs: 'postgres' },
  list: { run: list.run, needs: 'postgres' },
  'product-page': { run: productPage.run, needs: 'postgres' },
  fanout: { run: fanout.run, needs: 'postgres' },
  cards: { run: cards.run, needs: 'postgres' },
  search: { run: search.run },
  browse: { run: browse.run },
  lighthouse: { run: lighthouse.run },
  'demo-seed': { run: demoSeed.run },
};

const candidate =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const env: BenchEnv = {
  postgresUrl: (await postgresReachable(candidate)) ? candidate : undefined,
  redisUrl: process.env.REDIS_URL,
  quick: process.env.BENCH_QUICK === '1',
};
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const machine = {
  cpu: os.cpus()[0]?.model.trim(),
  cores: os.cpus().length,
  memory_gb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  postgres: env.postgresUrl ? await postgresVersion(env.postgresUrl) : null,
};
console.log(
  `bench on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, PostgreSQL ${machine.postgres ?? 'not reachable'}${env.quick ? ', quick' : ''}`,
);

const results: ArmResult[] = [];
const skipped: Record<string, string> = {};
for (const [name, arm] of Object.entries(arms)) {
  if (only && !only.includes(name)) continue;
  if (arm.needs === 'postgres' && !env.postgresUrl) {
    skipped[name] = `no PostgreSQL at ${candidate}`;
    console.log(`\n== ${name}: skipped (${skipped[name]})`);
    continue;
  }
  console.log(`\n== ${name}`);
  const started = performance.now();
  const armResults = await arm.run(env);
  results.push(...armResults);
  for (const r of armResults) console.log(`  ${line(r)}`);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

function line(r: ArmResult): string {
  const against = r.ceiling === undefined ? '' : ` vs ${r.ceiling} (ratio ${r.ratio})`;
  return `${r.met ? 'met' : 'NOT MET'}  ${r.arm}: ${r.value} ${r.unit}${against}; goal ${r.goal}`;
}

console.log('\n| arm | measured | ceiling (same run) | ratio | goal | met | details |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  const details = Object.entries(r.details ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `| ${r.arm} | ${r.value} ${r.unit} | ${r.ceiling ?? ''} | ${r.ratio ?? ''} | ${r.goal} | ${r.met ? 'yes' : 'no'} | ${details} |`,
  );
}

const file = path.resolve(import.meta.dirname, '../../../bench-results.json');
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), quick: env.quick, machine, results, skipped }, null, 2)}\n`,
);
console.log(`\nwritten: ${file}`);
process.exit(0);
