import { parentPort, workerData } from 'node:worker_threads';
import { type messages, PGlite, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { EmbeddedRequest, EmbeddedResponse, EmbeddedResult } from './embedded-database.ts';

/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its
 * work never holds the server's event loop. Requests are run one at a time in the order they
 * came; each answer carries its request's id. The thread opens one database at a time; once that
 * one is closed it may open another (the process keeps idle threads, embedded-database.ts).
 */
const port = parentPort!;
/** PGlite's WebAssembly, compiled once by the process that started this thread. */
const { wasmModule } = workerData as { wasmModule: WebAssembly.Module };

let open: PGlite | undefined;

/** The database open in this thread (requests come only between its open and its close). */
function current(): PGlite {
  if (!open) throw new Error('the embedded database is not open');
  return open;
}

async function openDatabase(location: string, load?: Uint8Array): Promise<void> {
  if (open && !open.closed) throw new Error('the embedded database is already open');
  prepared.clear();
  open = await PGlite.create(location, {
    wasmModule,
    ...(load ? { loadDataDir: new Blob([load]) } : {}),
    extensions: { pg_trgm, unaccent },
    // int8 (counts, centavos) as JS numbers; dates stay 'YYYY-MM-DD' so no time zone shifts them.
    parsers: {
      [types.INT8]: (v: string) => Number(v),
      [types.NUMERIC]: (v: string) => Number(v),
      [types.DATE]: (v: string) => v,
    },
  });
}

/**
 * PGlite's own `exec` and `query` copy its whole table of type parsers (300 and more entries, one
 * per type and array type) for every answer they read, which costs more than running a short
 * statement (~90 µs against ~30 µs for `select 1`), and `query` sends each of its six protocol
 * messages on its own. Here the messages go to PGlite as the protocol has them, several at a time
 * where the protocol allows it, and each value's parser is looked up instead. Run only between two
 * other requests (see `serve`), so no message lands in the middle of another request's.
 */
const { serialize } = protocol;
const { DataRowMessage, CommandCompleteMessage, ParameterDescriptionMessage, RowDescriptionMessage } =
  protocol.messages;

/**
 * PGlite's sync to the file system copies an in-memory file system out to storage (IndexedDB
 * in a browser); on Node's file system, where the data directory lives, and in memory it does
 * nothing but queue behind PGlite's own lock. Writes reach the files as PostgreSQL makes them,
 * the write-ahead log flushed at each commit.
 */
const UNSYNCED = { syncToFs: false };

/** Statements without parameters (simple protocol): one result per statement. */
async function execSimple(sql: string): Promise<EmbeddedResult[]> {
  const { messages } = await current().execProtocol(serialize.query(sql), UNSYNCED);
  return resultsOf(messages);
}

/** Parameter types of the statements prepared under a name on this connection, by name. */
const prepared = new Map<string, number[]>();

/**
 * One statement with parameters (extended protocol): parsed and described (for its parameters'
 * types, which choose each value's serializer), then bound, executed and synced in one call into
 * PGlite. Under a `name` (for SQL whose text never changes) the statement stays prepared: later
 * calls skip the parsing, and the database neither parses nor plans it again.
 */
async function queryExtended(sql: string, params: unknown[], name = ''): Promise<EmbeddedResult> {
  const client = current();
  let paramTypes = name ? prepared.get(name) : undefined;
  const parsing = !paramTypes;
  try {
    if (!paramTypes) {
      const described = await client.execProtocol(
        concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })),
        UNSYNCED,
      );
      paramTypes =
        described.messages.find((m) => m instanceof ParameterDescriptionMessage)?.dataTypeIDs ?? [];
      if (name) prepared.set(name, paramTypes);
    }
    const executed = await client.execProtocol(
      concat(
        serialize.bind({ statement: name, values: serialized(params, paramTypes) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      UNSYNCED,
    );
    return resultsOf(executed.messages)[0]!;
  } catch (error) {
    // A failed step leaves the protocol's error state, which only a Sync ends (one more when
    // the failed call's own Sync already ran is harmless). A named statement that failed to
    // prepare is closed, so the next call prepares it again.
    const forget = name !== '' && parsing;
    if (forget) prepared.delete(name);
    await client.execProtocol(
      forget
        ? concat(serialize.sync(), serialize.close({ type: 'S', name }), serialize.sync())
        : serialize.sync(),
      { ...UNSYNCED, throwOnError: false },
    );
    throw error;
  }
}

const BYTEA = types.BYTEA;

/** Each value as its parameter's type writes it (text, as the protocol's Bind carries it; bytes as bytes). */
function serialized(params: unknown[], paramTypes: number[]) {
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    // Bytes go as they are, in the protocol's binary format (the database copies them, no hex to
    // decode). PGlite's bytea serializer writes hex by making a string of every byte and joining
    // them: a second and more for the demo seed's 2 MB of pictures, tens of ms for one upload.
    if (paramTypes[i] === BYTEA && value instanceof Uint8Array) return value;
    const serializer = current().serializers[paramTypes[i]!];
    return serializer ? serializer(value) : String(value);
  });
}

/** Protocol messages sent in one call (a Buffer is the Uint8Array PGlite takes). */
function concat(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

/**
 * One result per statement, as PGlite's `exec` gives them: rows keyed by column name, values
 * through the client's parsers, `affectedRows` counted from the first statement on.
 */
function resultsOf(answer: messages.BackendMessage[]): EmbeddedResult[] {
  const { parsers } = current();
  const results: EmbeddedResult[] = [];
  let fields: EmbeddedResult['fields'] = [];
  let rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  for (const message of answer) {
    if (message instanceof RowDescriptionMessage) {
      fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    } else if (message instanceof DataRowMessage) {
      const row: Record<string, unknown> = {};
      message.fields.forEach((value, i) => {
        const field = fields[i]!;
        row[field.name] = types.parseType(value, field.dataTypeID, parsers);
      });
      rows.push(row);
    } else if (message instanceof CommandCompleteMessage) {
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
      case 'open':
        await openDatabase(request.location, request.load);
        return { id: request.id, results: [] };
      case 'dump': {
        const archive = await current().dumpDataDir('none');
        return { id: request.id, results: [], bytes: new Uint8Array(await archive.arrayBuffer()) };
      }
      case 'exec':
        return { id: request.id, results: await execSimple(request.sql) };
      case 'query':
        return {
          id: request.id,
          results: [await queryExtended(request.sql, request.params, request.name)],
        };
      case 'close':
        if (open && !open.closed) await open.close();
        open = undefined;
        return { id: request.id, results: [] };
    }
  } catch (error) {
    // The error's own fields (SQLSTATE code, detail, constraint...) cross as a plain object.
    const { message, ...fields } = error as Error & Record<string, unknown>;
    return { id: request.id, error: { ...plainFields(fields), message: String(message) } };
  }
}

// One request at a time: PGlite is one connection, and a request's protocol messages must not
// interleave with another's.
let previous: Promise<void> = Promise.resolve();
port.on('message', (request: EmbeddedRequest) => {
  previous = previous.then(async () => reply(await serve(request)));
});

/** Posts an answer; one that cannot cross to the main thread becomes an error, so its caller
 * is still answered and the requests behind it still run. */
function reply(response: EmbeddedResponse) {
  try {
    // A dump's bytes are moved to the main thread, not copied.
    const bytes = 'bytes' in response ? response.bytes : undefined;
    port.postMessage(response, bytes ? [bytes.buffer as ArrayBuffer] : []);
  } catch (error) {
    port.postMessage({ id: response.id, error: { message: String((error as Error).message) } });
  }
}

function plainFields(fields: Record<string, unknown>): Record<string, string | number> {
  const plain: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number') plain[key] = value;
  }
  return plain;
}
