import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { EmbeddedDatabase } from './embedded-database.ts';

/** The serving pool's limits that apply to one connection (db.ts's PoolLimits). */
interface ConnectionLimits {
  connectionTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
}

/**
 * Single statements, each committing on its own, applied by the database in the order they are
 * sent, without waiting for one's answer before sending the next. Made for a chain of writes on
 * one hot row where each is decided from the one before it: statements sent one after another
 * on different pooled connections may reach the row in either order, and waiting for each
 * answer before sending the next puts a round trip and this process's event loop between them.
 */
export interface StatementPipeline {
  /**
   * Sends `query` behind every statement sent before it; answers its rows. A `name` keeps the
   * statement prepared on the connection (for SQL whose text never changes).
   */
  run<R>(query: CompiledQuery<R>, name?: string): Promise<R[]>;
  close(): Promise<void>;
}

/**
 * PostgreSQL: one connection of its own in pipeline mode (the protocol lets a client send
 * statements while earlier ones run; the server runs them in turn, each with its own implicit
 * transaction). A connection that fails fails the statements on it and is replaced by the next
 * statement; its limits are the serving pool's.
 */
export function postgresPipeline(
  databaseUrl: string,
  limits: ConnectionLimits | undefined,
  onLost: (error: Error) => void,
): StatementPipeline {
  let current: Promise<pg.Client> | null = null;
  let closed = false;

  function open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: databaseUrl,
      pipeline: true,
      keepAlive: true,
      ...(limits
        ? {
            connectionTimeoutMillis: limits.connectionTimeoutMs,
            statement_timeout: limits.statementTimeoutMs,
            query_timeout: limits.queryTimeoutMs,
          }
        : {}),
    } as pg.ClientConfig);
    const opening = client.connect().then(() => client);
    const forget = () => {
      if (current === opening) current = null;
    };
    // Without a listener an 'error' event would end the process; the statements in flight fail
    // on their own, and the next one opens a new connection.
    client.on('error', (error) => {
      forget();
      onLost(error);
    });
    client.on('end', forget);
    opening.catch(forget);
    return opening;
  }

  return {
    async run<R>(query: CompiledQuery<R>, name?: string): Promise<R[]> {
      if (closed) throw new Error('the statement pipeline is closed');
      current ??= open();
      // Every statement awaits the same connection promise, and its callbacks run in the order
      // they were registered: statements reach the connection in the order they were sent.
      const opening = current;
      const client = await opening;
      try {
        const result = await client.query<R & pg.QueryResultRow>({
          text: query.sql,
          values: query.parameters as unknown[],
          ...(name ? { name } : {}),
        });
        return result.rows;
      } catch (error) {
        // The connection's own events can come after the statements queued on it have failed:
        // the next statement must not be sent down a connection already known to be broken.
        if (brokenConnection(error) && current === opening) {
          current = null;
          client.end().catch(() => {});
        }
        throw error;
      }
    },
    async close() {
      closed = true;
      const opening = current;
      current = null;
      if (opening) await (await opening.catch(() => null))?.end();
    },
  };
}

/**
 * PGlite: its one connection runs requests in the order they are posted to its thread, so a
 * statement holds the connection's turn only until it is posted, not until it answers: the
 * next one is already queued when the database finishes this one. A named statement is kept
 * prepared, so the database does not parse and plan it again each time.
 */
export function embeddedPipeline(
  client: Pick<EmbeddedDatabase, 'query'>,
  turn: { acquire(timeoutMs: number): Promise<() => void> },
): StatementPipeline {
  return {
    async run<R>(query: CompiledQuery<R>, name?: string): Promise<R[]> {
      // The turn keeps the statement out of a transaction another caller holds open.
      const release = await turn.acquire(30_000);
      // Posted to PGlite's thread before `query` returns: the turn can go to the next caller.
      const answered = client.query(query.sql, query.parameters as unknown[], name);
      release();
      return (await answered).rows as R[];
    },
    async close() {},
  };
}

/**
 * Whether a failed statement leaves its connection unusable: anything but an error the server
 * reported for the statement alone (a SQLSTATE outside the connection-exception and
 * operator-intervention classes), e.g. a reset socket, a read timeout, an administrator's
 * termination.
 */
function brokenConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57P');
}
