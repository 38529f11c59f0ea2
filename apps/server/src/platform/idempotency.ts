import { createHash } from 'node:crypto';
import {
  commonErrorCodes as codes,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyMessages as messages,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { type CompiledQuery, sql } from 'kysely';
import { type AppContext, perApp } from './context.ts';
import { AppError } from './errors.ts';

/** The request header a client names one action with, so its retries act once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats a stored one (metrics do not count it twice). */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** How long a key's first answer is kept and repeated. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a repeat waits for the first request with its key to finish before it is told to try
 * again later (409): longer than a bid takes, about as long as a call to Bold may take.
 */
const IDEMPOTENCY_WAIT_MS = 10_000;
/** Expired rows are pruned at most this often (clock time), in batches. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1_000;

type Ctx = Pick<AppContext, 'db' | 'pipeline' | 'clock' | 'jobs' | 'log' | 'events'>;

/** A request that holds its key: the action runs, and `onSend` stores (or drops) its answer. */
interface Claim {
  userId: number;
  key: string;
  release: () => void;
}

interface StoredRow {
  fingerprint: string;
  completed: boolean;
  status_code: number | null;
  response_body: string | null;
}

export interface Idempotency {
  /** Route hooks of an endpoint declared `idempotent` (see routes.ts). */
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler;
  /** Deletes rows older than the time to live; answers how many (the timed-job loop calls it). */
  prune(now: Date): Promise<number>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function keyError(): AppError {
  return new AppError(codes.idempotencyKeyInvalid, 400, messages.keyInvalid, [messages.keyInvalid], {
    [IDEMPOTENCY_HEADER]: messages.keyInvalid,
  });
}
const reusedError = () =>
  new AppError(codes.idempotencyKeyReused, 409, messages.keyReused, [messages.keyReused]);
const inProgressError = () => new AppError(codes.idempotencyInProgress, 409, messages.inProgress);

/**
 * What makes two requests "the same": the method, the path with its query, and a hash of the
 * validated body (so spacing or key order of the JSON sent do not matter, only its values).
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const hash = createHash('sha256').update(body).digest('base64url');
  return `${request.method} ${request.url} ${hash}`;
}

/**
 * One mechanism for every call that is safe to retry. A request without the header costs a
 * header lookup and nothing else. With a key:
 *
 * - The claim is one statement, `INSERT … ON CONFLICT DO UPDATE … WHERE expired`: the unique
 *   (user, key) makes it single across server processes sharing the database; an expired row is
 *   taken over in the same statement. The winner runs the action and, before its answer leaves,
 *   stores status and body (a 5xx is not stored: the claim is dropped, so a retry runs again).
 * - A repeat finds the row: another body or path is a 409; a completed row is answered again
 *   as it was; a row still in progress (another process is running it) is polled, with a
 *   growing pause, until it completes or is dropped, at most IDEMPOTENCY_WAIT_MS.
 * - Repeats inside one process queue behind each other per key before asking the database, so
 *   ten copies arriving at once cost one claim and nine reads, not ten pollers.
 *
 * The statements go through the statement pipeline, like the bids' own: no pooled connection
 * is taken, and on PostgreSQL they queue on the pipelined connection behind what is in flight.
 */
function createIdempotency(ctx: Ctx): Idempotency {
  const { pipeline, clock, log } = ctx;
  const claims = new WeakMap<FastifyRequest, Claim>();
  /** Per user and key, the turn of this process's requests (see above). */
  const turns = new Map<string, Promise<void>>();

  const claimQuery = (userId: number, key: string, fingerprint: string, now: Date) =>
    sql<{ claimed: number }>`
      insert into idempotency_keys (user_id, key, fingerprint, completed, created_at)
      values (${userId}, ${key}, ${fingerprint}, false, ${now})
      on conflict (user_id, key) do update
        set fingerprint = excluded.fingerprint, completed = false, status_code = null,
            response_body = null, created_at = excluded.created_at
        where idempotency_keys.created_at <= ${new Date(now.getTime() - IDEMPOTENCY_TTL_MS)}
      returning 1 as claimed`.compile(ctx.db);
  const readQuery = (userId: number, key: string) =>
    sql<StoredRow>`
      select fingerprint, completed, status_code, response_body from idempotency_keys
      where user_id = ${userId} and key = ${key}`.compile(ctx.db);
  const storeQuery = (userId: number, key: string, status: number, body: string) =>
    sql`
      update idempotency_keys set completed = true, status_code = ${status}, response_body = ${body}
      where user_id = ${userId} and key = ${key} and not completed`.compile(ctx.db);
  const dropQuery = (userId: number, key: string) =>
    sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and not completed`.compile(
      ctx.db,
    );
  const run = <R>(query: CompiledQuery<R>, name: string) => pipeline.run(query, name);

  /** Waits for this process's earlier request with the same key; false when it took too long. */
  function takeTurn(turnKey: string, deadline: number): { ready: Promise<boolean>; release: () => void } {
    const previous = turns.get(turnKey);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chain = previous ? previous.then(() => mine) : mine;
    turns.set(turnKey, chain);
    const done = () => {
      release();
      if (turns.get(turnKey) === chain) turns.delete(turnKey);
    };
    if (!previous) return { ready: Promise.resolve(true), release: done };
    let timer: NodeJS.Timeout | undefined;
    const ready = Promise.race([
      previous.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      }),
    ]).finally(() => clearTimeout(timer));
    return { ready, release: done };
  }

  /**
   * Decides what a keyed request does: 'run' (it holds the claim) or 'answered' (a stored
   * answer was sent). Throws the 409s.
   */
  async function settle(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
  ): Promise<'run' | 'answered'> {
    const userId = request.userId!;
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    const turn = takeTurn(`${userId}\n${key}`, deadline);
    let holding = false;
    try {
      if (!(await turn.ready)) throw inProgressError();
      for (let attempt = 0; ; attempt++) {
        const claimed = await run(claimQuery(userId, key, fingerprint, clock.now()), 'idempotency_claim');
        if (claimed.length > 0) {
          holding = true;
          claims.set(request, { userId, key, release: turn.release });
          return 'run';
        }
        const [row] = await run(readQuery(userId, key), 'idempotency_read');
        // Dropped since the claim was refused (its request failed with a 5xx): claim again.
        if (!row) continue;
        if (row.fingerprint !== fingerprint) throw reusedError();
        if (row.completed && row.status_code !== null) {
          reply
            .code(row.status_code)
            .header('content-type', 'application/json; charset=utf-8')
            .header(REPLAYED_HEADER, 'true')
            .send(row.response_body ?? '');
          return 'answered';
        }
        // Another process runs it now (or one that died left it unfinished): wait a little.
        const pause = Math.min(10 * 2 ** attempt, 200);
        if (Date.now() + pause > deadline) throw inProgressError();
        await sleep(pause);
      }
    } finally {
      if (!holding) turn.release();
    }
  }

  /** Stores the answer of a request that held its key (a 5xx drops the claim instead). */
  async function finish(claim: Claim, status: number, payload: unknown): Promise<void> {
    try {
      const body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (status < 500 && body !== null) {
        await run(storeQuery(claim.userId, claim.key, status, body), 'idempotency_store');
      } else {
        await run(dropQuery(claim.userId, claim.key), 'idempotency_drop');
      }
    } finally {
      claim.release();
    }
  }

  let lastPrune = Number.NEGATIVE_INFINITY;

  return {
    preHandler(request, reply, done) {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) {
        done();
        return;
      }
      if (typeof header !== 'string' || header.length === 0 || header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        done(keyError());
        return;
      }
      // Only signed-in calls are declared idempotent: keys are per user.
      if (request.userId === null) {
        done();
        return;
      }
      settle(request, reply, header).then(
        (outcome) => {
          if (outcome === 'run') done();
        },
        (error: Error) => done(error),
      );
    },

    onSend(request, reply, payload, done) {
      const claim = claims.get(request);
      if (!claim) {
        done(null, payload);
        return;
      }
      claims.delete(request);
      finish(claim, reply.statusCode, payload).then(
        () => done(null, payload),
        (err: Error) => {
          // The action's answer still goes out; a retry finds the key unfinished and is told to wait.
          log.warn({ err }, 'could not store the idempotent answer');
          done(null, payload);
        },
      );
    },

    async prune(now) {
      if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return 0;
      const before = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
      const result = await sql`
        delete from idempotency_keys where (user_id, key) in (
          select user_id, key from idempotency_keys where created_at <= ${before} limit ${PRUNE_BATCH})`.execute(
        ctx.db,
      );
      const deleted = Number(result.numAffectedRows ?? 0);
      // A full batch: more may be due (the job loop runs again while jobs report work).
      if (deleted < PRUNE_BATCH) lastPrune = now.getTime();
      return deleted;
    },
  };
}

/**
 * The app's one idempotency mechanism: made with its first idempotent route, which also
 * registers the timed job that prunes expired keys.
 */
export const idempotencyOf = perApp((ctx: Ctx): Idempotency => {
  const made = createIdempotency(ctx);
  ctx.jobs.register({ name: 'idempotency.prune', run: (now) => made.prune(now) });
  return made;
});
