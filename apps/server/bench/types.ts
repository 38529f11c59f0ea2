/**
 * What every benchmark arm reports. Speed is a ratio to a ceiling measured in the same run on the
 * same machine (pgbench on the same PostgreSQL, a bare Fastify or `ws` server), because absolute
 * figures on a shared 2-core machine drift from run to run.
 */
export interface ArmResult {
  /** The arm, e.g. 'bids-postgres-32'. */
  arm: string;
  /** What was measured, e.g. 'accepted bids/s'. */
  metric: string;
  value: number;
  unit: string;
  /** The ceiling measured in the same run, when the goal is a ratio. */
  ceiling?: number;
  /** value / ceiling (or ceiling / value where smaller is better, said in `goal`). */
  ratio?: number;
  /** The goal in words, e.g. 'ratio >= 1.0 and p99 <= 50 ms'. */
  goal: string;
  met: boolean;
  /** Anything else worth printing (p50, p99, delivered fraction...). */
  details?: Record<string, number | string>;
}

export interface BenchEnv {
  /** A PostgreSQL server URL to create fresh databases beside; absent: PostgreSQL arms are skipped. */
  postgresUrl?: string;
  /** A Redis URL, when one is reachable. */
  redisUrl?: string;
  /** Shorter runs for a smoke check (BENCH_QUICK=1). */
  quick: boolean;
}

/** One arm: `bench/arms/<name>.ts` exports `run` with this signature. */
export type Arm = (env: BenchEnv) => Promise<ArmResult[]>;
