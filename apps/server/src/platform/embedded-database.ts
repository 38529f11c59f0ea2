import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface EmbeddedResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

export type EmbeddedRequest =
  | { id: number; kind: 'open'; location: string; load?: Uint8Array }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'query'; sql: string; params: unknown[]; name?: string }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

export type EmbeddedResponse =
  | { id: number; results: EmbeddedResult[]; bytes?: Uint8Array }
  | { id: number; error: Record<string, string | number> & { message: string } };

/**
 * PGlite's WebAssembly, compiled once for the process and handed to every thread that opens a
 * database: compiling it costs about a second of CPU, and code V8 has already optimized serves the
 * next database at full speed from its first statement (a process that opens several, such as the
 * API tests, spent most of each start there).
 */
let compiledPglite: Promise<WebAssembly.Module> | undefined;

// Node's WebAssembly global, which TypeScript declares only in its browser library.
declare global {
  namespace WebAssembly {
    function compile(bytes: Uint8Array): Promise<Module>;
  }
}

function pgliteModule(): Promise<WebAssembly.Module> {
  // Beside the package's entry point (the package exports no path to the file itself).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  compiledPglite ??= readFile(path.join(path.dirname(entry), 'pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiledPglite;
}

/**
 * The thread's entry point: in the compiled server (dist/, built by build.mjs) the compiled worker
 * beside it; run as TypeScript, a plain-JavaScript file that loads the TypeScript one through tsx
 * (a thread does not inherit the loader its process was started with).
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? './embedded-worker-boot.mjs' : './embedded-worker.js';

/**
 * Threads whose database was closed cleanly, kept (at most two, unreferenced, so they never hold
 * the process open) for the next database this process opens: starting a thread and loading
 * PGlite into it costs more than half a second.
 */
const idleThreads: Worker[] = [];
const IDLE_THREADS_MAX = 2;

/** A kept thread that fails or ends while idle leaves the list (and its error is not thrown). */
function leaveIdle(this: Worker) {
  const at = idleThreads.indexOf(this);
  if (at >= 0) idleThreads.splice(at, 1);
}

/** Keeps a thread whose database closed cleanly for the next open, or ends it. */
async function park(worker: Worker): Promise<void> {
  if (idleThreads.length >= IDLE_THREADS_MAX) {
    await worker.terminate();
    return;
  }
  worker.unref();
  worker.on('error', leaveIdle).on('exit', leaveIdle);
  idleThreads.push(worker);
}

/** A kept thread, if there is one, or a new one. */
async function takeThread(): Promise<Worker> {
  const kept = idleThreads.pop();
  if (kept) {
    kept.off('error', leaveIdle).off('exit', leaveIdle);
    return kept;
  }
  return new Worker(new URL(WORKER_ENTRY, import.meta.url), {
    workerData: { wasmModule: await pgliteModule() },
  });
}

/**
 * The embedded database (PGlite), run in a thread of its own (embedded-worker.ts): a heavy
 * statement takes that thread, not the one answering every request, and the two run side by
 * side on a machine with more than one core. Statements run in the order they are sent.
 */
export class EmbeddedDatabase {
  #nextId = 1;
  #pending = new Map<
    number,
    { resolve: (results: EmbeddedResult[], bytes?: Uint8Array) => void; reject: (error: Error) => void }
  >();
  #closed = false;
  #failure: Error | null = null;

  readonly #listeners: {
    message: (response: EmbeddedResponse) => void;
    error: (error: Error) => void;
    exit: (code: number) => void;
  };

  private constructor(private readonly worker: Worker) {
    const message = (response: EmbeddedResponse) => {
      const waiting = this.#pending.get(response.id);
      if (!waiting) return;
      this.#pending.delete(response.id);
      // Idle, the thread must not keep the process alive (a command-line tool that is done).
      if (this.#pending.size === 0) worker.unref();
      if ('error' in response)
        waiting.reject(Object.assign(new Error(response.error.message), response.error));
      else waiting.resolve(response.results, response.bytes);
    };
    const fail = (error: Error) => {
      this.#failure = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    const exit = (code: number) => fail(new Error(`the embedded database stopped (exit code ${code})`));
    this.#listeners = { message, error: fail, exit };
    worker.on('message', message).on('error', fail).on('exit', exit);
  }

  /**
   * Opens PGlite at `location` (a directory, or `memory://`) in its thread; `load`, a data
   * directory as `dump` gives it, fills an empty location first (a restore).
   */
  static async open(location: string, load?: Uint8Array): Promise<EmbeddedDatabase> {
    const worker = await takeThread();
    const database = new EmbeddedDatabase(worker);
    try {
      await database.#send({ id: database.#nextId++, kind: 'open', location, ...(load ? { load } : {}) });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return database;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Statements without parameters (simple protocol): one result per statement. */
  exec(sql: string): Promise<EmbeddedResult[]> {
    return this.#send({ id: this.#nextId++, kind: 'exec', sql });
  }

  /**
   * One statement with parameters (extended protocol). Under a `name` (for SQL whose text never
   * changes) it stays prepared on the connection: the database parses and plans it once, and
   * later calls only bind their values.
   */
  async query(sql: string, params: unknown[], name?: string): Promise<EmbeddedResult> {
    const [result] = await this.#send({ id: this.#nextId++, kind: 'query', sql, params, name });
    return result!;
  }

  /**
   * The whole data directory as a tar archive, as of every statement sent before this call (the
   * thread runs them in order): consistent when no transaction is open (the caller holds the turn).
   */
  dump(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      if (this.#failure) return reject(this.#failure);
      const id = this.#nextId++;
      if (this.#pending.size === 0) this.worker.ref();
      this.#pending.set(id, { resolve: (_results, bytes) => resolve(bytes ?? new Uint8Array()), reject });
      this.worker.postMessage({ id, kind: 'dump' } satisfies EmbeddedRequest);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#send({ id: this.#nextId++, kind: 'close' });
    } catch (error) {
      await this.worker.terminate();
      throw error;
    }
    const { message, error, exit } = this.#listeners;
    this.worker.off('message', message).off('error', error).off('exit', exit);
    await park(this.worker);
  }

  #send(request: EmbeddedRequest): Promise<EmbeddedResult[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed && request.kind !== 'close')
      return Promise.reject(new Error('the embedded database is closed'));
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.worker.ref();
      this.#pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }
}
