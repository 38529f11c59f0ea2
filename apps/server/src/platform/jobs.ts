import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import { isDatabaseUnavailable } from './db.ts';

/**
 * Timed work (auctions starting and closing, unpaid items expiring). Every server process runs
 * the loop; each job claims its rows with `FOR UPDATE SKIP LOCKED`, so an item is processed once
 * however many processes run. Jobs get `now` from the one clock and return how many items they did.
 */
export type Job = { name: string; run(now: Date): Promise<number> };

interface JobRunnerStats {
  /** When a pass last ran every job without the database failing (ms since the epoch), or null. */
  lastSuccessAt: number | null;
  /** The loop is waiting for the database to come back. */
  paused: boolean;
  /** Job runs that failed, since start. */
  failures: number;
}

export interface JobRunner {
  register(job: Job): void;
  /** Runs every job until none has work left at `now` (used by the loop and the test clock). */
  runDue(): Promise<void>;
  start(intervalMs: number): void;
  /** Stops the loop; a job in its transaction finishes it, no further job starts. */
  stop(): Promise<void>;
  stats(): JobRunnerStats;
}

/** The longest pause between attempts while the database is away. */
const MAX_BACKOFF_MS = 30_000;

export function createJobRunner(clock: Clock, log: FastifyBaseLogger): JobRunner {
  const jobs: Job[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;
  let started = false;
  const stats: JobRunnerStats = { lastSuccessAt: null, paused: false, failures: 0 };

  async function runAll(): Promise<void> {
    const now = clock.now();
    // Loop: closing an auction may make other work due (e.g. a started auction already ended).
    for (let round = 0; round < 20; round++) {
      let done = 0;
      for (const job of jobs) {
        // Shutting down: the job before this one has committed; start nothing new.
        if (stopping) return;
        try {
          done += await job.run(now);
        } catch (err) {
          stats.failures += 1;
          // Without the database no job can do anything: end the pass, the loop backs off.
          if (isDatabaseUnavailable(err)) throw err;
          log.error({ err, job: job.name }, 'job failed');
        }
      }
      if (done === 0) break;
    }
    stats.lastSuccessAt = Date.now();
  }

  const runner: JobRunner = {
    register(job) {
      jobs.push(job);
    },
    async runDue() {
      // One run at a time in this process; a caller arriving mid-run waits and runs again.
      while (running) await running;
      running = runAll().finally(() => {
        running = undefined;
      });
      await running;
    },
    start(intervalMs) {
      stopping = false;
      started = true;
      let attempt = 0;
      const tick = (delayMs: number) => {
        timer = setTimeout(async () => {
          let next = intervalMs;
          try {
            await runner.runDue();
            if (stats.paused) log.info({}, 'timed jobs resumed: the database answers again');
            stats.paused = false;
            attempt = 0;
          } catch (err) {
            // The database is away: wait longer each time (up to 30 s) instead of hammering it
            // and filling the log; the first pass after it is back catches up on what became due.
            if (!stats.paused) log.warn({ err }, 'timed jobs paused: the database does not answer');
            stats.paused = true;
            attempt += 1;
            next = Math.min(intervalMs * 2 ** attempt, MAX_BACKOFF_MS);
          }
          if (timer && !stopping) tick(next);
        }, delayMs);
        timer.unref();
      };
      tick(intervalMs);
    },
    async stop() {
      stopping = started;
      clearTimeout(timer);
      timer = undefined;
      while (running) await running;
    },
    stats() {
      return { ...stats };
    },
  };
  return runner;
}
