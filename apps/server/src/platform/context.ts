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
