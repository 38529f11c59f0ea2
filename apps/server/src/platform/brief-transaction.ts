import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from './db.ts';

/**
 * A transaction on one connection whose BEGIN travels with its first statement and whose COMMIT
 * travels with its last, each pair as one simple-protocol query: a transaction of two statements
 * costs two round trips instead of four. Made for short transactions on a hot row, where the
 * row's lock is held from the first statement to the commit, so every round trip in between is
 * time nobody else can take the row.
 *
 * The simple protocol carries no parameters: the statements' values are written into the SQL
 * as literals (`inlineParameters`), so only code-written SQL with `$n` placeholders goes through
 * here, never SQL text built from input.
 */
export interface BriefTransaction {
  /** The transaction's connection, for statements between the first and the last. */
  db: Database;
  /** Sends BEGIN and `query` together; answers the query's rows. */
  first<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Sends `query` and COMMIT together; answers the query's rows. */
  last<R>(query: CompiledQuery<R>): Promise<R[]>;
}

export function briefTransaction<T>(db: Database, body: (tx: BriefTransaction) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    let open = false;
    let ended = false;
    const send = async <R>(text: string) => (await conn.executeQuery<R>(CompiledQuery.raw(text, []))).rows;
    const tx: BriefTransaction = {
      db: conn,
      first<R>(query: CompiledQuery<R>) {
        if (open) throw new Error('the transaction has already begun');
        open = true;
        return send<R>(`begin;\n${inlineParameters(query)}`);
      },
      async last<R>(query: CompiledQuery<R>) {
        // Anything sent after the COMMIT would run outside the transaction.
        if (ended) throw new Error('the transaction has already ended');
        open = true;
        const rows = await send<R>(`${inlineParameters(query)};\ncommit`);
        ended = true;
        return rows;
      },
    };
    try {
      const result = await body(tx);
      if (open && !ended) {
        await send('commit');
        ended = true;
      }
      return result;
    } catch (error) {
      // A failed statement leaves the transaction open and aborted (the rest of its query, the
      // COMMIT included, is skipped), so the connection goes back to the pool rolled back.
      if (open && !ended) await send('rollback').catch(() => {});
      throw error;
    }
  });
}

/** `query`'s SQL with each `$n` replaced by its value as a SQL literal. */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= query.parameters.length) throw new Error(`no value for $${n}`);
    return literal(query.parameters[index]);
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return `(${value})`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as a SQL literal`);
    return `(${value})`;
  }
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') {
    // A NUL would end the query text in the middle of the literal (and no text column takes one).
    if (value.includes('\0')) throw new Error('a SQL literal cannot hold a NUL character');
    return pg.escapeLiteral(value);
  }
  throw new Error(`cannot write a ${typeof value} as a SQL literal`);
}
