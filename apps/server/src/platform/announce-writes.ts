import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { announceChange, readFreshness } from './read-cache.ts';

/**
 * Answers read from memory (platform/read-cache.ts) are current only while every write is
 * announced: each call that may write (every method but GET and HEAD, and the GETs whose
 * declaration says `writes`) and each job run that did something tells this process's caches
 * before its answer is sent, and the other processes through the event bus. A write this misses is still seen within the
 * caches' confirmation age (a second), by their change counters.
 */
export function announceWrites(app: FastifyInstance, ctx: AppContext) {
  const freshness = readFreshness(ctx);
  // A callback hook, not an async one: the reads that announce nothing go on without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const { method } = request;
    const route = request.routeOptions.url;
    // No route (a 404 for an unknown path), CORS preflights and requests turned away before
    // their handler ran (no valid session, over a rate limit) write nothing: announcing them
    // would let a flood of such requests keep every cache from answering from memory.
    const turnedAway =
      route === undefined || method === 'OPTIONS' || reply.statusCode === 401 || reply.statusCode === 429;
    if (turnedAway || ((method === 'GET' || method === 'HEAD') && !request.routeOptions.config.writes)) {
      done(null, payload);
      return;
    }
    // Held until the other processes are told (a client's next read may land on one of them),
    // within a bound.
    announceChange(freshness).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
  const register = ctx.jobs.register.bind(ctx.jobs);
  ctx.jobs.register = (job) =>
    register({
      ...job,
      run: async (now) => {
        let done = 1;
        try {
          done = await job.run(now);
          return done;
        } finally {
          // A run that failed may have committed part of its work.
          if (done > 0) void freshness.changed();
        }
      },
    });
}
