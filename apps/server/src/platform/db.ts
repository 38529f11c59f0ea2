import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DB } from './db-schema.ts';
import { EmbeddedDatabase } from './embedded-database.ts';
import { lockEmbeddedDatabase } from './embedded-lock.ts';
import { answerOf, Mutex, PGliteDialect } from './pglite-dialect.ts';
import { embeddedPipeline, postgresPipeline, type StatementPipeline } from './statement-pipeline.ts';
import { readTableSums, type TableSums } from './table-sums.ts';

export type Database = Kysely<DB>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Single statements applied in the order they are sent (see statement-pipeline.ts). */
  pipeline: StatementPipeline;
  /**
   * The embedded database only: its data directory (a tar archive) and every table's sums, both
   * as of one moment (no transaction open, nothing runs in between): what a backup holds.
   */
  embeddedSnapshot?: () => Promise<{ archive: Uint8Array; tables: TableSums }>;
  close(): Promise<void>;
}

// int8 (counts, centavos) as JS numbers; dates stay 'YYYY-MM-DD' so no time zone shifts them.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

/**
 * How long the PostgreSQL pool lets a request wait. Requests must answer within 2 s even when the
 * database is unreachable or stalled, so: opening a connection fails after 1 s, and a statement
 * after 1.5 s (the server cancels it, which also frees its locks; the client gives up 200 ms later
 * in case the server itself does not answer). Waiting for a free connection of the pool is allowed
 * longer (a burst of requests on a healthy database queues, it is not refused): once the database
 * is known to be away, waiting requests are failed at once instead (see guardPool).
 */
export interface PoolLimits {
  connectionTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  poolWaitMs: number;
}
export const REQUEST_POOL_LIMITS: PoolLimits = {
  connectionTimeoutMs: 1_000,
  statementTimeoutMs: 1_500,
  queryTimeoutMs: 1_700,
  poolWaitMs: 5_000,
};

type Log = (level: 'warn' | 'error', msg: string, err: Error) => void;
const stderrLog: Log = (level, msg, err) =>
  console.error(JSON.stringify({ level: level === 'warn' ? 40 : 50, msg, err: err.message }));

/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests). `limits` bounds PostgreSQL waits (the serving
 * pool); without it nothing is bounded (migrations, command-line tools, the benchmark's seeding).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  limits?: PoolLimits;
  log?: Log;
  /** Embedded only: a data directory archive (a backup's) to fill the empty location with. */
  load?: Uint8Array;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const log = options.log ?? stderrLog;
    const limits = options.limits;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      ...(limits
        ? {
            // The pool's own option bounds the wait for a free connection; each new connection
            // gets the shorter limit of its own (below).
            connectionTimeoutMillis: limits.poolWaitMs,
            statement_timeout: limits.statementTimeoutMs,
            query_timeout: limits.queryTimeoutMs,
            Client: clientWithConnectTimeout(limits.connectionTimeoutMs),
          }
        : {}),
    });
    // An idle connection dropped by the server (restart, failover, admin termination) is replaced
    // on the next checkout; without a listener the pool's 'error' event would crash the process.
    pool.on('error', (error) => log('warn', 'idle database connection lost', error));
    // The same for a connection that is checked out when it drops: the pool listens only to idle
    // ones, and an unheard 'error' on a client would end the process. The query in flight fails
    // (the request answers 503) and the broken client is discarded when released.
    pool.on('connect', (client) => {
      client.on('error', (error) => log('warn', 'database connection lost', error));
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: guardPool(pool) }) });
    const pipeline = postgresPipeline(options.databaseUrl, limits, (error) =>
      log('warn', 'database pipeline connection lost', error),
    );
    return {
      db,
      kind: 'postgres',
      pipeline,
      close: async () => {
        await pipeline.close();
        await db.destroy();
      },
    };
  }
  const inMemory = options.dataDir === 'memory://';
  const location = inMemory ? 'memory://' : path.join(options.dataDir, 'pglite');
  if (!inMemory) mkdirSync(location, { recursive: true });
  const unlock = inMemory ? () => {} : lockEmbeddedDatabase(options.dataDir);
  let client: EmbeddedDatabase;
  try {
    client = await EmbeddedDatabase.open(location, options.load);
  } catch (error) {
    unlock();
    throw error;
  }
  // One turn for Kysely's queries and transactions and for the statement pipeline: PGlite is
  // one connection, and a statement must not land inside another caller's transaction.
  const turn = new Mutex();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client, turn) });
  return {
    db,
    kind: 'pglite',
    pipeline: embeddedPipeline(client, turn),
    embeddedSnapshot: async () => {
      // Holding the turn, no transaction is open and no statement lands between the two reads.
      const release = await turn.acquire(30_000);
      try {
        const tables = await readTableSums(async (text) => (await client.exec(text)).at(-1)?.rows ?? []);
        return { archive: await client.dump(), tables };
      } finally {
        release();
      }
    },
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Whether opening the embedded database in `dataDir` creates it: nothing there yet (PostgreSQL's
 * version file is the first thing a data directory holds), or in memory.
 */
export function embeddedDatabaseIsNew(dataDir: string): boolean {
  return dataDir === 'memory://' || !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/** pg's Client, except that opening a connection gives up after `ms`. */
function clientWithConnectTimeout(ms: number) {
  return class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: ms });
    }
  };
}

/**
 * Whether an error means the database cannot be reached or does not answer in time (as opposed to
 * a query that is wrong or a rule it enforces): refused or dropped connections, connection and
 * statement timeouts, a server shutting down or out of connections.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE: connection exceptions, query canceled (statement timeout), shutdowns, too many connections.
    if (/^08/.test(code) || ['57014', '57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.test(error.message);
}
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Query read timeout|is not queryable|connection timeout/i;

/**
 * The pool as Kysely sees it, with two guards for outages:
 *
 * - A client whose query failed because the connection broke or stopped answering is destroyed on
 *   release instead of going back to the pool: after a client-side timeout the connection still
 *   has the stalled query in flight, and every later query on it would wait behind that one.
 * - Once a query or a connection attempt has failed for want of the database, the database is
 *   taken to be away: requests waiting for a pooled connection are failed at once, and so are new
 *   ones, except one at a time that tries for real (a probe). The first success (of a probe, or of
 *   a query already running) marks it back, so recovery needs no restart and costs no waiting.
 */
function guardPool(pool: pg.Pool): PostgresPool {
  let down = false;
  let probing = false;
  const waiting = new Set<(error: Error) => void>();

  const unavailable = () =>
    Object.assign(new Error('database unavailable (Connection terminated)'), { code: '08006' });
  const failed = (error: unknown) => {
    // A statement cancelled by its timeout means the server answers: not an outage.
    if (!isDatabaseUnavailable(error) || (error as { code?: string }).code === '57014') return false;
    if (!down) {
      down = true;
      for (const reject of waiting) reject(unavailable());
      waiting.clear();
    }
    return true;
  };
  const succeeded = () => {
    down = false;
  };

  return {
    async connect() {
      let probe = false;
      if (down) {
        if (probing) throw unavailable();
        probing = probe = true;
      }
      let client: pg.PoolClient;
      try {
        client = await new Promise<pg.PoolClient>((resolve, reject) => {
          let settled = false;
          const giveUp = (error: Error) => {
            settled = true;
            reject(error);
          };
          if (!probe) waiting.add(giveUp);
          pool.connect().then(
            (c) => {
              waiting.delete(giveUp);
              // Given up on while waiting: hand the connection straight back.
              if (settled) c.release();
              else resolve(c);
            },
            (error) => {
              waiting.delete(giveUp);
              if (!settled) reject(error);
            },
          );
        });
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        if (probe) probing = false;
      }
      let broken: Error | undefined;
      const onError = (error: unknown) => {
        if (failed(error)) broken = error as Error;
        throw error;
      };
      return {
        query: ((...args: unknown[]) => {
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          if (!(result instanceof Promise)) return result;
          return result.then((value) => {
            succeeded();
            return Array.isArray(value) ? answerOf(value) : value;
          }, onError);
        }) as PostgresPoolClient['query'],
        release() {
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}
