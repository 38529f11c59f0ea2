import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { inlineParameters } from './sql-literals.ts';

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
 * PGlite: its one connection already runs statements in the order they are sent. A named
 * statement is PREPAREd once on that connection and then EXECUTEd, so the database does not
 * parse and plan it again each time.
 */
export function embeddedPipeline(db: {
  executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[] }>;
}): StatementPipeline {
  const prepared = new Map<string, Promise<unknown>>();
  return {
    async run<R>(query: CompiledQuery<R>, name?: string): Promise<R[]> {
      if (!name) return (await db.executeQuery(query)).rows;
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
      let preparing = prepared.get(name);
      if (!preparing) {
        preparing = db.executeQuery(CompiledQuery.raw(`prepare ${name} as ${query.sql}`, []));
        prepared.set(name, preparing);
        // A failed PREPARE is tried again by the next statement.
        preparing.catch(() => prepared.delete(name));
      }
      await preparing;
      // EXECUTE takes its values as expressions, not as bound parameters: written in as literals.
      const placeholders = query.parameters.map((_, i) => `$${i + 1}`).join(', ');
      const call = CompiledQuery.raw(`execute ${name}(${placeholders})`, [...query.parameters]);
      return (await db.executeQuery<R>(CompiledQuery.raw(inlineParameters(call), []))).rows;
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
