import { nextTask } from './next-task.ts';

/**
 * Loads zod (the live sockets check each server message with the contracts' schemas) in a task of
 * its own, before the module that builds those schemas: on a phone zod's evaluation and the
 * schemas' construction together were a task of 85-115 ms (startup-trace, 4x CPU).
 *
 * `jitless`: the page's CSP allows no `eval`, so zod's compiled fast path can never run here; without
 * the setting zod's first parse probes for it with `new Function`, which the browser reports as a
 * CSP violation (an error in the console and work on the main thread). Every check still runs.
 */
export const zodReady = (): Promise<void> =>
  import('zod').then(({ config }) => {
    config({ jitless: true });
    return nextTask();
  });
