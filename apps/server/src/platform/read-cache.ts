import type { Clock } from './clock.ts';
import { perApp } from './context.ts';
import type { Database } from './db.ts';
import type { EventBus } from './events.ts';
import { createFreshRead, createKeyedFreshRead } from './fresh-read.ts';

/**
 * A read cache for answers that change far less often than they are read. Each answer is kept
 * with the change counter it was read under (a `change_versions` row that triggers move in the
 * transaction of every write that changes the answer, whoever writes) and, for answers about one
 * thing, with that thing's own version (`keyVersion`: what a write that does not move the counter
 * still changes, such as a product's race on every bid). Each answer also says until when it
 * holds by the clock (a list that drops items as their end passes).
 *
 * With `freshness` (the event bus's word that nothing changed, see `createReadFreshness`), an
 * answer confirmed since the last change anywhere is served from memory with no query at all;
 * otherwise, and always while the bus cannot vouch for itself, a read first checks the counter
 * (and the key's version): one tiny query instead of the answer's own, shared by the requests
 * that arrive together (`createFreshRead`), so a read after a commit never sees an older answer,
 * in any process.
 *
 * The version is read before the answer is loaded: a change that commits during the load moves
 * it, so the answer kept under the older version is never served again. Concurrent misses of one
 * key under one version share one load. A load that throws is not kept.
 */
export function createReadCache<T>(options: {
  db: Database;
  clock: Clock;
  counter: string;
  freshness?: ReadFreshness;
  /** The key's own part of its version, read with the counter on every check. */
  keyVersion?: (key: string) => Promise<string>;
  /**
   * A part of every key's version that the counter does not cover (what bids change in a list),
   * read with the counter on every check, shared like it.
   */
  sharedVersion?: () => Promise<string>;
  maxEntries?: number;
}) {
  const { db, clock, counter, freshness, keyVersion, sharedVersion } = options;
  const maxEntries = options.maxEntries ?? 256;
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T>>();
  // Checks in the order they started: one that started later read a version at least as new.
  let checks = 0;

  // Concurrent requests share counter reads (each still sees a read sent after it arrived).
  const currentCounter = createFreshRead(async () => {
    const row = await db
      .selectFrom('change_versions')
      .select('version')
      .where('name', '=', counter)
      .executeTakeFirstOrThrow();
    return String(row.version);
  });
  const currentKeyVersion = createKeyedFreshRead<string>();
  const currentSharedVersion = sharedVersion ? createFreshRead(sharedVersion) : undefined;

  async function versionOf(key: string): Promise<string> {
    if (!keyVersion && !currentSharedVersion) return currentCounter();
    const [shared, extra, own] = await Promise.all([
      currentCounter(),
      currentSharedVersion?.() ?? '',
      keyVersion ? currentKeyVersion(key, () => keyVersion(key)) : '',
    ]);
    return `${shared}|${extra}|${own}`;
  }

  return {
    /** The answer for `key` as of now, or `load`'s (which says until when it holds). */
    async get(key: string, load: () => Promise<{ value: T; validUntil: Date }>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.validUntil > clock.now().getTime() && freshness?.vouches(hit.confirmed))
        return hit.value;

      // Taken before the version is read: a change announced from here on is not vouched for.
      const check = freshness?.begin();
      const started = ++checks;
      const version = await versionOf(key);
      const current = entries.get(key);
      if (current && current.version === version && current.validUntil > clock.now().getTime()) {
        if (check) current.confirmed = freshness!.confirm(check, current.confirmed);
        return current.value;
      }

      const flight = `${version}:${key}`;
      let pending = loading.get(flight);
      if (!pending) {
        pending = load().then(({ value, validUntil }) => {
          const kept = entries.get(key);
          // Never over an answer whose version was read after this one's. Nothing to show from
          // memory (null: an id that does not exist, a page that depends on who asks) is not kept,
          // so requests for unknown ids cannot push out the answers that are read.
          if (value === null) {
            if (kept && kept.started < started) entries.delete(key);
          } else if (!kept || kept.started < started) {
            // Full: the oldest answer goes (a Map keeps insertion order), not all of them.
            if (!kept && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, {
              value,
              validUntil: validUntil.getTime(),
              version,
              started,
              confirmed: check ? freshness!.confirm(check, null) : null,
            });
          }
          return value;
        });
        loading.set(flight, pending);
        const done = () => loading.delete(flight);
        pending.then(done, done);
      }
      return pending;
    },

    /**
     * Stops serving `key` from memory on the bus's word alone: its next read checks the
     * versions (another process may have changed it before announcing so here).
     */
    unconfirm(key: string) {
      const entry = entries.get(key);
      if (entry) entry.confirmed = null;
    },

    /** Forgets every answer (tests; the counter makes it unnecessary otherwise). */
    clear() {
      entries.clear();
    },
  };
}

interface Entry<T> {
  value: T;
  validUntil: number;
  version: string;
  /** The order of the check that read `version` (see `checks`). */
  started: number;
  /** Since when the bus vouches that the answer is current, if it does. */
  confirmed: Confirmation | null;
}

/** A check under way: the change epoch it started in and when (process time, ms). */
export interface Confirmation {
  epoch: number;
  at: number;
}

/**
 * How long a confirmation holds even while the bus says nothing changed: the bound on staleness
 * when something the bus cannot see happened (a write by a tool outside the servers, a bus that
 * stopped delivering before it noticed), at the cost of one counter read per answer per second.
 */
const CONFIRMATION_MAX_MS = 1_000;

export type ReadFreshness = ReturnType<typeof createReadFreshness>;

/** The bus channel of "something these caches show may have changed". */
export const READ_CACHE_CHANNEL = 'read-cache:changed';

/** What `changed` answers when nobody else needs telling (an in-process bus). */
const ALREADY_TOLD: Promise<void> = Promise.resolve();

/**
 * Whether cached answers may be served without asking the database, for every read cache of one
 * app. An epoch counts the changes this process heard of: its own writes (`changed()`, called
 * after the write commits and before its answer is sent, so the writer reads its own write) and
 * other processes' writes (their `changed()` arrives as a bus message). An answer confirmed in the
 * current epoch, while the bus is connected and within `maxAgeMs`, is current up to the bus delay.
 *
 * The bus cannot always vouch: while Redis is disconnected nothing is vouched for (every read
 * checks the counter, as without this), and a reconnection starts a new epoch, because messages
 * sent while the connection was down are lost. The message says only that something changed: the
 * counter check tells each cache whether it was its answer.
 */
export function createReadFreshness(
  events: EventBus,
  options: { maxAgeMs?: number; onError?: (err: unknown) => void } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? CONFIRMATION_MAX_MS;
  const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  let epoch = 0;
  let subscribed = false;
  // The announcement of this turn's changes, sent on the next turn (one message for them all).
  let announcing: Promise<void> | null = null;

  // Connected: both Redis connections up (the in-process bus always is). Subscribed: our own
  // subscription is in place, so messages reach us.
  const connected = () => subscribed && (events.stats?.().connected ?? true);

  const unsubscribe = events.subscribe(READ_CACHE_CHANNEL, (payload) => {
    if ((payload as { from?: unknown } | null)?.from !== origin) epoch += 1;
  });
  unsubscribe.then(
    () => {
      subscribed = true;
      epoch += 1;
    },
    (err) => options.onError?.(err),
  );
  const stopResubscribed = events.onResubscribed?.(() => {
    epoch += 1;
  });

  return {
    /** Starts a check: what `confirm` is given once the version has been read. */
    begin(): Confirmation {
      // An outage seen by a read ends the epoch, so nothing confirmed before it survives it.
      if (!connected()) epoch += 1;
      return { epoch, at: Date.now() };
    },

    /** The confirmation to keep after a check, if nothing changed during it (else the old one). */
    confirm(check: Confirmation, previous: Confirmation | null): Confirmation | null {
      if (check.epoch !== epoch || !connected()) return previous;
      return check;
    },

    /** Whether an answer confirmed then is current now without asking the database. */
    vouches(confirmed: Confirmation | null): boolean {
      if (!confirmed || confirmed.epoch !== epoch) return false;
      if (!connected()) {
        epoch += 1;
        return false;
      }
      return Date.now() - confirmed.at < maxAgeMs;
    },

    /**
     * Something cached may have changed here (a write committed): this process stops trusting
     * its answers at once, the others when the message arrives. Announcements made in one turn
     * of the event loop go out as one message. Resolves (never rejects) once the message is
     * published, so a writer can hold its answer until the other processes have been told: a
     * client whose next read lands on another process then reads its own write.
     */
    changed(): Promise<void> {
      epoch += 1;
      // One process on an in-process bus: its own epoch is everyone's, so there is nothing to
      // send nor to wait for (a write's answer is not held for a turn of the event loop).
      if (events.local) return ALREADY_TOLD;
      if (announcing) return announcing;
      const sent = new Promise<void>((resolve) => {
        setImmediate(() => {
          announcing = null;
          const message = { from: origin };
          // While the bus is away nobody waits for it: the message is queued like any other, and
          // the other processes check their counters meanwhile anyway.
          const delivered = connected() ? events.delivered?.(READ_CACHE_CHANNEL, message) : undefined;
          (delivered ?? events.publish(READ_CACHE_CHANNEL, message)).then(
            () => resolve(),
            (err) => {
              options.onError?.(err);
              resolve();
            },
          );
        });
      });
      announcing = sent;
      return sent;
    },

    async close() {
      stopResubscribed?.();
      await (await unsubscribe.catch(() => null))?.();
    },
  };
}

/** How long a write waits for its announcement to reach the bus before going on. */
const ANNOUNCE_WAIT_MS = 100;

/**
 * Announces a change (see `changed`) and waits until the other processes have been told, but
 * never longer than ANNOUNCE_WAIT_MS: a slow bus must not hold answers or jobs.
 */
export async function announceChange(freshness: ReadFreshness): Promise<void> {
  const told = freshness.changed();
  if (told === ALREADY_TOLD) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ANNOUNCE_WAIT_MS);
  });
  await Promise.race([told, late]);
  clearTimeout(timer);
}

/** The app's one `ReadFreshness`. */
export const readFreshness = perApp(
  (ctx): ReadFreshness =>
    createReadFreshness(ctx.events, {
      maxAgeMs: ctx.config.READ_CACHE_CONFIRM_MS,
      onError: (err) => ctx.log.warn({ err }, 'read cache: bus message failed'),
    }),
);
