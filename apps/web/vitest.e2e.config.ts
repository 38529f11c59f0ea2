import { defineConfig } from 'vitest/config';

// Browser tests: one real server (built web app, embedded database with demo data, test clock)
// for the run; Playwright drives Chromium (Debian's, else the npm-shipped one). Files run one at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Tests a file marks concurrent (they only read) run two at a time: axe keeps one of the
    // machine's two cores busy in Chromium while the other would idle.
    maxConcurrency: 2,
    pool: 'forks',
  },
});
