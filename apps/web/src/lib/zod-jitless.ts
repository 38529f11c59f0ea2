import { config } from 'zod';

/**
 * Tells zod not to look for its compiled fast path: the page's CSP allows no `eval`, so that path
 * can never run here, and zod's first parse probes for it with `new Function`, which the browser
 * reports as a CSP violation (an error in the console and work on the main thread, in the task of
 * a live socket's first message). Every check still runs, in zod's interpreted parser. Called by
 * the live sockets before their first message.
 */
export function disableZodJit(): void {
  config({ jitless: true });
}
