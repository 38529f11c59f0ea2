import { parentPort, workerData } from 'node:worker_threads';
import { type messages, PGlite, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { EmbeddedRequest, EmbeddedResponse, EmbeddedResult } from './embedded-database.ts';

/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its
 * work never holds the server's event loop. Requests are run one at a time in the order they
 * came; each answer carries its request's id.
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

/**
 * Statements without parameters (simple protocol), sent to PGlite as a protocol message and
 * their answer read here. PGlite's own `exec` copies its whole table of type parsers (300 and
 * more entries, one per type and array type) for every answer it reads, which costs more than
 * running a short statement (~90 µs against ~30 µs for `select 1`); here each value's parser is
 * looked up instead. Called only between two other requests (see `serve`), so it never lands in
 * the middle of `query`'s several protocol messages.
 */
async function execSimple(sql: string): Promise<EmbeddedResult[]> {
  const { messages } = await client.execProtocol(protocol.serialize.query(sql));
  return resultsOf(messages);
}

/**
 * One result per statement, as PGlite's `exec` gives them: rows keyed by column name, values
 * through the client's parsers, `affectedRows` counted from the first statement on.
 */
function resultsOf(answer: messages.BackendMessage[]): EmbeddedResult[] {
  const results: EmbeddedResult[] = [];
  let fields: EmbeddedResult['fields'] = [];
  let rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  for (const message of answer) {
    if (message instanceof protocol.messages.RowDescriptionMessage) {
      fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    } else if (message instanceof protocol.messages.DataRowMessage) {
      const row: Record<string, unknown> = {};
      message.fields.forEach((value, i) => {
        const field = fields[i]!;
        row[field.name] = types.parseType(value, field.dataTypeID, client.parsers);
      });
      rows.push(row);
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      affectedRows += affectedRowsOf(message.text);
      results.push({ rows, fields, affectedRows });
      fields = [];
      rows = [];
    }
  }
  return results.length > 0 ? results : [{ rows: [], fields: [], affectedRows: 0 }];
}

/** The row count of a command tag ("INSERT 0 3", "UPDATE 2"); 0 for the others. */
function affectedRowsOf(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number(second);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE')
    return Number(first);
  return 0;
}

async function serve(request: EmbeddedRequest): Promise<EmbeddedResponse> {
  try {
    switch (request.kind) {
      case 'exec':
        return { id: request.id, results: await execSimple(request.sql) };
      case 'query': {
        const r = await client.query(request.sql, request.params);
        return {
          id: request.id,
          results: [{ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }],
        };
      }
      case 'close':
        if (!client.closed) await client.close();
        return { id: request.id, results: [] };
    }
  } catch (error) {
    // The error's own fields (SQLSTATE code, detail, constraint...) cross as a plain object.
    const { message, ...fields } = error as Error & Record<string, unknown>;
    return { id: request.id, error: { ...plainFields(fields), message: String(message) } };
  }
}

// One request at a time: PGlite is one connection, and `execSimple` must not interleave with
// the protocol messages of a `query` still running.
let previous: Promise<void> = Promise.resolve();
port.on('message', (request: EmbeddedRequest) => {
  previous = previous.then(async () => port.postMessage(await serve(request)));
});

port.postMessage({ id: 0, results: [] } satisfies EmbeddedResponse);

function plainFields(fields: Record<string, unknown>): Record<string, string | number> {
  const plain: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number') plain[key] = value;
  }
  return plain;
}
