import { Worker } from 'node:worker_threads';

export interface EmbeddedResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

export type EmbeddedRequest =
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'query'; sql: string; params: unknown[]; name?: string }
  | { id: number; kind: 'close' };

export type EmbeddedResponse =
  | { id: number; results: EmbeddedResult[] }
  | { id: number; error: Record<string, string | number> & { message: string } };

/**
 * The embedded database (PGlite), run in a thread of its own (embedded-worker.ts): a heavy
 * statement takes that thread, not the one answering every request, and the two run side by
 * side on a machine with more than one core. Statements run in the order they are sent.
 */
export class EmbeddedDatabase {
  #nextId = 1;
  #pending = new Map<
    number,
    { resolve: (results: EmbeddedResult[]) => void; reject: (error: Error) => void }
  >();
  #closed = false;
  #failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (response: EmbeddedResponse) => {
      const waiting = this.#pending.get(response.id);
      if (!waiting) return;
      this.#pending.delete(response.id);
      // Idle, the thread must not keep the process alive (a command-line tool that is done).
      if (this.#pending.size === 0) worker.unref();
      if ('error' in response)
        waiting.reject(Object.assign(new Error(response.error.message), response.error));
      else waiting.resolve(response.results);
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database stopped (exit code ${code})`)));
  }

  /** Opens PGlite at `location` (a directory, or `memory://`) in its thread. */
  static async open(location: string): Promise<EmbeddedDatabase> {
    const worker = new Worker(new URL('./embedded-worker-boot.mjs', import.meta.url), {
      workerData: { location },
    });
    const database = new EmbeddedDatabase(worker);
    // The worker's first message (id 0) says the database is open.
    await new Promise<void>((resolve, reject) => {
      database.#pending.set(0, { resolve: () => resolve(), reject });
    });
    worker.unref();
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

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#send({ id: this.#nextId++, kind: 'close' });
    } finally {
      await this.worker.terminate();
    }
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
