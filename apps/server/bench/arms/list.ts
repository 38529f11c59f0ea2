import { bareFastifyRate, readArmResult } from '../lib/bare.ts';
import { warmLoop } from '../lib/load.ts';
import { withSeededServer } from '../lib/seeded-server.ts';
import { round } from '../lib/stats.ts';
import type { Arm, ArmResult } from '../types.ts';

const CONNECTIONS = 32;
const PATH = '/api/auctions/list?page=1&size=8';

/** GET of the first page of running auctions at 32 connections over `products` products. */
function listRun(postgresUrl: string, products: number, seconds: number) {
  const sizes = { products, auctions: products / 10, users: Math.max(500, products / 40) };
  return withSeededServer(
    postgresUrl,
    sizes,
    async () => undefined,
    (server) =>
      warmLoop({
        url: server.url,
        connections: CONNECTIONS,
        seconds,
        next: () => ({ method: 'GET', path: PATH }),
      }),
  );
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
  const results: ArmResult[] = [
    readArmResult('list', `GET ${PATH}, ${CONNECTIONS} connections, 20k products`, first, ceiling),
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
