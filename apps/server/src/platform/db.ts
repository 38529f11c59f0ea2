import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { DB } from './db-schema.ts';

export type Database = Kysely<DB>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
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
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, admin termination) is replaced on the next
    // checkout; without a listener the pool's 'error' event would crash the process.
    pool.on('error', (error) => {
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: error.message }));
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const location = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pglite');
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, {
    extensions: { pg_trgm, unaccent },
    parsers: {
      [pgliteTypes.INT8]: (v: string) => Number(v),
      [pgliteTypes.NUMERIC]: (v: string) => Number(v),
      [pgliteTypes.DATE]: (v: string) => v,
    },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** A FIFO lock: PGlite is one connection, so one transaction (or query) holds it at a time. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async acquire(timeoutMs: number): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database lock wait timeout')), timeoutMs);
    });
    try {
      await Promise.race([previous, timeout]);
    } catch (error) {
      // Give our turn away as soon as it comes, so the queue keeps moving.
      void previous.then(release);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return release;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Like node-postgres: no parameters means the simple protocol, which allows several
    // statements (migrations); its last result is the answer.
    const result =
      compiled.parameters.length === 0
        ? ((await this.client.exec(compiled.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.client.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      numAffectedRows: affected !== undefined ? BigInt(affected) : undefined,
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported on PGlite.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(private readonly client: PGlite) {
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // A transaction that waits this long for another one is stuck (most likely a query that
    // used `db` instead of its `trx`); failing beats hanging forever.
    this.#release = await this.#mutex.acquire(30_000);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery({ sql: `begin${isolation}`, parameters: [], query: undefined } as never);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'commit', parameters: [], query: undefined } as never);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'rollback', parameters: [], query: undefined } as never);
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    const release = await this.#mutex.acquire(30_000);
    try {
      if (!this.client.closed) await this.client.close();
    } finally {
      release();
    }
  }
}

class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
