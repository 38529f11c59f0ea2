import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/platform/context.ts';
import type { LogStream } from '../../src/platform/logging.ts';
import { createFreshPostgresDatabase, testDatabaseKind } from './database.ts';
import { reusedEmbeddedDatabase } from './reused-database.ts';
import { recordUndeclaredErrorCode, takeUndeclaredErrorCodes } from './undeclared-codes.ts';

interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A route as registered: what a test walking every route needs. */
export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  bodyLimit: number | undefined;
  websocket: boolean;
  /** Whether the route declares the answers it sends (registered from an endpoint declaration). */
  declaresResponse: boolean;
}

export interface TestApp {
  url: string;
  /** Every route the app registered (one entry per method), in registration order. */
  routes: RegisteredRoute[];
  app: FastifyInstance;
  ctx: AppContext;
  /** Real HTTP against the listening server. */
  request<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ): Promise<ApiResponse<T>>;
  login(email: string, password: string): Promise<string>;
  /** Moves the test clock and runs every transition that became due. */
  advanceClock(seconds: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * log2 of scrypt's N for the passwords the tests' apps hash (PASSWORD_HASH_COST): the suites create
 * and log in hundreds of accounts, each a fraction of a second of CPU at the production cost
 * (checked in src/platform/passwords.test.ts and production.test.ts).
 */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * A new data directory under the system's temporary one; `withDatabase` puts a copy of the run's
 * migrated embedded database in it (test/support/global-setup.ts), which costs far less than
 * creating and migrating one.
 */
export function newDataDir(prefix: string, options: { withDatabase: boolean }): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const migrated = inject('migratedDataDir');
  if (options.withDatabase && migrated) {
    cpSync(path.join(migrated, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  return dataDir;
}

/**
 * Starts the real app on a fresh database: PGlite in memory by default, a new PostgreSQL
 * database with TEST_DB=postgres. The job loop is off; tests move time with advanceClock.
 */
export async function startTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** PostgreSQL only: share this existing database (another app's) instead of a fresh one. */
    sharedDatabaseUrl?: string;
    /** PostgreSQL only: the URL the app connects with (e.g. through a fault proxy). */
    connectThrough?: (databaseUrl: string) => string;
    logStream?: LogStream;
    /** How long one request may take to arrive whole (the app's default is minutes). */
    requestTimeoutMs?: number;
  } = {},
): Promise<TestApp & { databaseUrl?: string }> {
  const postgres = options.sharedDatabaseUrl
    ? { url: options.sharedDatabaseUrl, drop: async () => {} }
    : testDatabaseKind() === 'postgres'
      ? await createFreshPostgresDatabase(inject('migratedTemplate'))
      : undefined;
  // An app on its own data directory (a test that set DATA_DIR) opens it; the others share the
  // worker's embedded database, put back into its migrated state between apps.
  const reuse = !postgres && options.env?.DATA_DIR === undefined;
  const dataDir = newDataDir('coleccionables-test-', { withDatabase: !postgres && !reuse });
  const connectUrl =
    postgres && options.connectThrough ? options.connectThrough(postgres.url) : postgres?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: options.seed ? '1' : '0',
    // Production refuses the test clock (a production-mode app moves with real time).
    ...(options.env?.NODE_ENV === 'production' ? {} : { TEST_CLOCK: '1' }),
    // Tests give each login test its own client address through X-Forwarded-For.
    TRUST_PROXY: '1',
    // Limits off unless a test turns them on: other tests make bursts a person would not.
    RATE_LIMIT: '0',
    // Production refuses a lower cost: an app started as production keeps the full one.
    ...(options.env?.NODE_ENV === 'production'
      ? {}
      : { PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) }),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...(connectUrl ? { DATABASE_URL: connectUrl } : {}),
    ...options.env,
  });
  const routes: RegisteredRoute[] = [];
  const database = reuse ? await reusedEmbeddedDatabase() : undefined;
  const app = await buildApp(config, {
    jobIntervalMs: 0,
    database,
    onRoute(route) {
      for (const method of [route.method].flat()) {
        routes.push({
          method,
          url: route.url,
          bodyLimit: route.bodyLimit,
          websocket: Boolean((route as { websocket?: boolean }).websocket),
          declaresResponse: Boolean(route.schema?.response),
        });
      }
    },
    logStream: options.logStream,
    requestTimeoutMs: options.requestTimeoutMs,
    onUndeclaredErrorCode(undeclared) {
      recordUndeclaredErrorCode(undeclared);
    },
  }).catch(async (error: unknown) => {
    // An app that failed to start gives its database back.
    await database?.close();
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  async function request<T>(
    method: string,
    urlPath: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const response = await fetch(url + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  return {
    url,
    routes,
    databaseUrl: postgres?.url,
    app,
    ctx: app.ctx,
    request,
    async login(email, password) {
      const res = await request<{ jwt_token: string }>('POST', '/api/users/login', {
        body: { email, password },
      });
      if (res.status !== 200)
        throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.jwt_token;
    },
    async advanceClock(seconds) {
      const res = await request('POST', '/api/test/clock', { body: { advance_seconds: seconds } });
      if (res.status !== 200) throw new Error(`clock advance failed: ${res.status}`);
    },
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      const undeclared = takeUndeclaredErrorCodes();
      if (undeclared) throw undeclared;
    },
  };
}
