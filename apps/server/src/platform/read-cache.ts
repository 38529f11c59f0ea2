import type { Clock } from './clock.ts';
import type { Database } from './db.ts';
import { createFreshRead } from './fresh-read.ts';

/**
 * A read cache for answers that change a few times a minute and are read far more often. Each
 * answer is kept with the change counter it was read under (a `change_versions` row that
 * triggers move in the transaction of every write that changes the answer, whoever writes) and is
 * served only while the counter has not moved: one tiny query instead of the answer's own (shared
 * by the requests that arrive together, `createFreshRead`), and a read after a commit never sees
 * an older answer, in any process. Each answer also says until
 * when it holds by the clock (a list that drops items as their end passes).
 *
 * The counter is read before the answer is loaded: a change that commits during the load moves
 * it, so the answer kept under the older counter is never served again. Concurrent misses of one
 * key under one counter share one load.
 */
export function createReadCache<T>(options: {
  db: Database;
  clock: Clock;
  counter: string;
  maxEntries?: number;
}) {
  const { db, clock, counter } = options;
  const maxEntries = options.maxEntries ?? 256;
  const entries = new Map<string, { value: T; validUntil: number; version: number }>();
  const loading = new Map<string, Promise<T>>();

  // Concurrent requests share counter reads (each still sees a read sent after it arrived).
  const currentVersion = createFreshRead(async () => {
    const row = await db
      .selectFrom('change_versions')
      .select('version')
      .where('name', '=', counter)
      .executeTakeFirstOrThrow();
    return Number(row.version);
  });

  return {
    /** The answer for `key` under the current counter, or `load`'s (which says until when it holds). */
    async get(key: string, load: () => Promise<{ value: T; validUntil: Date }>): Promise<T> {
      const version = await currentVersion();
      const hit = entries.get(key);
      if (hit && hit.version === version && hit.validUntil > clock.now().getTime()) return hit.value;

      const flight = `${version}:${key}`;
      let pending = loading.get(flight);
      if (!pending) {
        pending = load().then(({ value, validUntil }) => {
          const current = entries.get(key);
          if (!current || current.version <= version) {
            if (!current && entries.size >= maxEntries) entries.clear();
            entries.set(key, { value, validUntil: validUntil.getTime(), version });
          }
          return value;
        });
        loading.set(flight, pending);
        const done = () => loading.delete(flight);
        pending.then(done, done);
      }
      return pending;
    },

    /** Forgets every answer (tests; the counter makes it unnecessary otherwise). */
    clear() {
      entries.clear();
    },
  };
}
