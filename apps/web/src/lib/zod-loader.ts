import { nextTask } from './next-task.ts';

/**
 * zod's code, evaluated in a task of its own, before a module that builds schemas with it: zod's
 * evaluation and the notifications socket's schemas' construction were one task of 100-135 ms
 * on a phone (startup-trace, 4x CPU). `object` is read so that the build loads zod's schema code
 * here (with `config` alone it loads only zod's core). Imported by code of the app's first
 * chunk: zod itself is only ever imported dynamically here, never with that chunk.
 */
export function loadZod(): Promise<void> {
  return import('zod').then(({ object }) => {
    if (typeof object !== 'function') throw new Error('zod did not load');
    return nextTask();
  });
}
