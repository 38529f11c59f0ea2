import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { EmbeddedRequest, EmbeddedResponse } from './embedded-database.ts';

/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its
 * work never holds the server's event loop. Requests come in order and PGlite runs them in
 * that order; each answer carries its request's id.
 */
const port = parentPort!;
const location = (workerData as { location: string }).location;

const client = await PGlite.create(location, {
  extensions: { pg_trgm, unaccent },
  // int8 (counts, centavos) as JS numbers; dates stay 'YYYY-MM-DD' so no time zone shifts them.
  parsers: {
    [types.INT8]: (v: string) => Number(v),
    [types.NUMERIC]: (v: string) => Number(v),
    [types.DATE]: (v: string) => v,
  },
});

const answer = (response: EmbeddedResponse) => port.postMessage(response);

port.on('message', async (request: EmbeddedRequest) => {
  try {
    switch (request.kind) {
      case 'exec': {
        const results = await client.exec(request.sql);
        answer({
          id: request.id,
          results: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
        });
        return;
      }
      case 'query': {
        const r = await client.query(request.sql, request.params);
        answer({
          id: request.id,
          results: [{ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }],
        });
        return;
      }
      case 'close':
        if (!client.closed) await client.close();
        answer({ id: request.id, results: [] });
        return;
    }
  } catch (error) {
    // The error's own fields (SQLSTATE code, detail, constraint...) cross as a plain object.
    const { message, ...fields } = error as Error & Record<string, unknown>;
    answer({ id: request.id, error: { ...plainFields(fields), message: String(message) } });
  }
});

answer({ id: 0, results: [] });

function plainFields(fields: Record<string, unknown>): Record<string, string | number> {
  const plain: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number') plain[key] = value;
  }
  return plain;
}
