import { availableParallelism } from 'node:os';
import type { ProcessedImage } from '../platform/images.ts';
import { hashPassword } from '../platform/passwords.ts';
import { renderSeedImage, type SeedImageOptions } from '../platform/seed-images.ts';

/**
 * The demo seed's CPU work: the demo accounts' password hashes and the demo pictures. None of it
 * needs the database, so it is started before the rows are written (and before the database is
 * open, on a fresh install), and runs on the cores the database's thread leaves idle. Each hash
 * and each picture is the same as the one made where it is used (same password and cost, a fresh
 * salt each; same drawing): only when it is made changes.
 */
export interface SeedWork {
  /** A hash of DEMO_PASSWORD at the app's cost, a new one (its own salt) for each account. */
  passwordHash(): Promise<string>;
  /** The picture drawn from these options (drawn now if it was not planned). */
  image(options: SeedImageOptions): Promise<ProcessedImage>;
}

/**
 * At most one task per core at a time: scrypt takes 128 MiB and a core for a fraction of a second,
 * a picture about a tenth of that; more at once would only queue in the thread pool, ahead of the
 * file reads the rest of the start-up waits for.
 */
const LIMIT = Math.max(1, availableParallelism());

function limited() {
  let running = 0;
  const waiting: Array<() => void> = [];
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running++;
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            waiting.shift()?.();
          });
      };
      if (running < LIMIT) start();
      else waiting.push(start);
    });
}

/** Every demo account's password. */
export const DEMO_PASSWORD = 'Demo12345!';

const keyOf = (options: SeedImageOptions) => JSON.stringify(options);

/**
 * Starts `hashes` password hashes, then the pictures, in that order (the accounts are written
 * first). A result nobody asks for is dropped; its failure is reported where it is asked for.
 */
export function startSeedWork(plan: {
  hashCost: number;
  hashes?: number;
  images?: SeedImageOptions[];
}): SeedWork {
  const run = limited();
  const quiet = <T>(promise: Promise<T>) => {
    // Not awaited until used (maybe never, if the seed finds data already there).
    promise.catch(() => {});
    return promise;
  };
  const hash = () => run(() => hashPassword(DEMO_PASSWORD, plan.hashCost));
  const hashes = Array.from({ length: plan.hashes ?? 0 }, () => quiet(hash()));
  const images = new Map<string, Promise<ProcessedImage>>();
  const image = (options: SeedImageOptions) => {
    const key = keyOf(options);
    let made = images.get(key);
    if (!made) {
      made = quiet(run(() => renderSeedImage(options)));
      images.set(key, made);
    }
    return made;
  };
  for (const options of plan.images ?? []) image(options);
  return { passwordHash: () => hashes.shift() ?? quiet(hash()), image };
}

/** The work the seed started, or (a step run on its own) work made as it is asked for. */
export function seedWorkOf(ctx: { config: { PASSWORD_HASH_COST: number }; work?: SeedWork }): SeedWork {
  return ctx.work ?? startSeedWork({ hashCost: ctx.config.PASSWORD_HASH_COST });
}
