import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { EmbeddedDatabase } from './embedded-database.ts';

/* The Kysely dialect of the embedded database (PGlite in a worker): one connection, taken in turn. */

/**
 * The answer of a query of several statements (simple protocol): the last one that returns rows
 * (a SELECT, or a write with RETURNING), else the last one, so the BEGIN or COMMIT sent with a
 * statement does not hide its rows.
 */
export function answerOf<T extends { fields: readonly unknown[] }>(results: T[]): T | undefined {
  return results.findLast((result) => result.fields.length > 0) ?? results.at(-1);
}

/** A FIFO lock: PGlite is one connection, so one transaction (or query) holds it at a time. */
export class Mutex {
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
  constructor(private readonly client: EmbeddedDatabase) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Like node-postgres: no parameters means the simple protocol, which allows several
    // statements (migrations, a transaction's control statements sent with a query).
    const result =
      compiled.parameters.length === 0
        ? (answerOf(await this.client.exec(compiled.sql)) ?? { rows: [], affectedRows: 0 })
        : await this.client.query(compiled.sql, compiled.parameters as unknown[]);
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
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(
    private readonly client: EmbeddedDatabase,
    private readonly turn: Mutex,
  ) {
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // A transaction that waits this long for another one is stuck (most likely a query that
    // used `db` instead of its `trx`); failing beats hanging forever.
    this.#release = await this.turn.acquire(30_000);
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
    const release = await this.turn.acquire(30_000);
    try {
      if (!this.client.closed) await this.client.close();
    } finally {
      release();
    }
  }
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly client: EmbeddedDatabase,
    private readonly turn: Mutex,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client, this.turn);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
