import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Auth } from './auth.ts';
import type { Clock } from './clock.ts';
import type { Database, DatabaseKind } from './db.ts';
import type { EventBus } from './events.ts';
import type { JobRunner } from './jobs.ts';
import type { StatementPipeline } from './statement-pipeline.ts';

/** What every module is built from. Assembled once in app.ts. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  /** Single statements applied in the order they are sent (a hot row's chain of writes). */
  pipeline: StatementPipeline;
  clock: Clock;
  auth: Auth;
  events: EventBus;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

/**
 * One `make(ctx)` per app, made on first use: what an app holds once (its read caches, their
 * freshness, its idempotency keys) is shared by every service of it. Keyed by the app's event bus,
 * not its context: a copy of the context (`{ ...ctx, more }`) is the same app and must not make a
 * second one.
 */
export function perApp<T, C extends Pick<AppContext, 'events'> = AppContext>(
  make: (ctx: C) => T,
): (ctx: C) => T {
  const made = new WeakMap<EventBus, T>();
  return (ctx) => {
    let value = made.get(ctx.events);
    if (value === undefined) {
      value = make(ctx);
      made.set(ctx.events, value);
    }
    return value;
  };
}
