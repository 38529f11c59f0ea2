import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { ArmResult } from '../types.ts';
import { type LoadResult, warmLoop } from './load.ts';
import { freePort, type RunningServer, stopChild } from './server.ts';
import { round } from './stats.ts';

/** Starts one of `bench/ceilings/*.ts` in a process of its own on `port`, once it listens. */
export async function startCeiling(
  name: string,
  port: number,
  url: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../ceilings', `${name}.ts`)],
    {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop: () => stopChild(child) };
}

/** The read arms' ceiling: a bare Fastify server answering a constant, under the same closed loop. */
export async function bareFastifyRate(connections: number, seconds: number): Promise<LoadResult> {
  const port = await freePort();
  const bare = await startCeiling('bare-fastify', port, `http://127.0.0.1:${port}/`);
  try {
    return await warmLoop({
      url: bare.url,
      connections,
      seconds,
      next: () => ({ method: 'GET', path: '/' }),
    });
  } finally {
    await bare.stop();
  }
}

/**
 * A read arm's figure against the bare server's: answered from memory, a read should keep at
 * least half of the bare server's rate with a p99 of at most 5 ms.
 */
export function readArmResult(
  arm: string,
  metric: string,
  result: LoadResult,
  ceiling: LoadResult,
): ArmResult {
  const ratio = result.rate / ceiling.rate;
  return {
    arm,
    metric,
    value: round(result.rate, 0),
    unit: 'req/s',
    ceiling: round(ceiling.rate, 0),
    ratio: round(ratio),
    goal: 'ratio >= 0.5 vs bare Fastify, p99 <= 5 ms',
    met: ratio >= 0.5 && result.p99 <= 5,
    details: {
      p50_ms: round(result.p50, 1),
      p99_ms: round(result.p99, 1),
      // The bare server's own tail under the same load generator on the same cores.
      bare_p99_ms: round(ceiling.p99, 1),
      errors: result.errors,
    },
  };
}
