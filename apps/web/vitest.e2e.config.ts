import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './e2e/support/workers.ts';

// Browser tests: real servers (built web app, embedded database with demo data, test clock), one
// per worker slot; Playwright drives Chromium (Debian's, else the npm-shipped one). Two files run at
// once (E2E_WORKERS changes it), each on its slot's server, so a server serves one file at a time:
// much of a browser test is waiting (page loads, network idle, polling), which the other file fills.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: e2eWorkers(),
    // Tests a file marks concurrent (they only read) run two at a time: axe keeps one of the
    // machine's two cores busy in Chromium while the other would idle.
    maxConcurrency: 2,
    pool: 'forks',
    // The files of a worker share its loaded modules (Playwright, axe, the helpers): importing them
    // again for every file cost about two seconds of CPU each. Each file still opens its own
    // browser contexts, and a file that starts its own server points the helpers back at the
    // shared one when it ends (support/own-server.ts).
    isolate: false,
  },
});
