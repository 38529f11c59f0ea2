import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';

/**
 * Timed work (auctions starting and closing, unpaid items expiring). Every server process runs
 * the loop; each job claims its rows with `FOR UPDATE SKIP LOCKED`, so an item is processed once
 * however many processes run. Jobs get `now` from the one clock and return how many items they did.
 */
export type Job = { name: string; run(now: Date): Promise<number> };

export interface JobRunner {
  register(job: Job): void;
  /** Runs every job until none has work left at `now` (used by the loop and the test clock). */
  runDue(): Promise<void>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createJobRunner(clock: Clock, log: FastifyBaseLogger): JobRunner {
  const jobs: Job[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runAll(): Promise<void> {
    const now = clock.now();
    // Loop: closing an auction may make other work due (e.g. a started auction already ended).
    for (let round = 0; round < 20; round++) {
      let done = 0;
      for (const job of jobs) {
        try {
          done += await job.run(now);
        } catch (err) {
          log.error({ err, job: job.name }, 'job failed');
        }
      }
      if (done === 0) return;
    }
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
      const tick = () => {
        timer = setTimeout(async () => {
          await runner.runDue();
          if (timer) tick();
        }, intervalMs);
        timer.unref();
      };
      tick();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      while (running) await running;
    },
  };
  return runner;
}
