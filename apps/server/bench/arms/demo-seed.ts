/**
 * The demo seed: a fresh install's first start seeds the demo data (accounts, products with their
 * photos, auctions, bids). Timed as the first start of a fresh embedded data directory with the
 * seed, against the same start without it in the same run (migrations, the app's modules): the
 * seed should not much more than double a first start. A timing, so it lives here and not in a
 * test, where a loaded machine would fail it with nothing wrong.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { percentile, round } from '../lib/stats.ts';
import type { Arm } from '../types.ts';

async function firstStart(seed: boolean): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-demo-seed-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: seed ? '1' : '0', LOG_LEVEL: 'warn' });
    const started = performance.now();
    const app = await buildApp(config, { jobIntervalMs: 0 });
    const elapsed = performance.now() - started;
    await app.close();
    return elapsed;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const run: Arm = async (env) => {
  const rounds = env.quick ? 1 : 3;
  const bare: number[] = [];
  const seeded: number[] = [];
  // Alternated, so a slower stretch of the machine weighs on both.
  for (let i = 0; i < rounds; i++) {
    bare.push(await firstStart(false));
    seeded.push(await firstStart(true));
  }
  const value = median(seeded);
  const ceiling = median(bare);
  const ratio = round(value / ceiling, 2);
  return [
    {
      arm: 'demo-seed',
      metric: 'first start of a fresh embedded install with the demo seed',
      value: round(value, 0),
      unit: 'ms',
      ceiling: round(ceiling, 0),
      ratio,
      goal: 'ratio <= 2.5 (the same first start without the seed)',
      met: ratio <= 2.5,
      details: { runs: rounds, seeded_ms: seeded.map((v) => round(v, 0)).join(' ') },
    },
  ];
};
