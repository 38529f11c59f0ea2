import { CompiledQuery } from 'kysely';
import type { Database } from './db.ts';
import { inlineParameters } from './sql-literals.ts';

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
