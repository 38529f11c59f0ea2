import { defineConfig } from 'vitest/config';

// API integration tests: each file starts the real app on a fresh database (a PGlite data directory,
// or a PostgreSQL database when TEST_DB=postgres), a copy of one migrated for the run, and talks to
// it over real HTTP.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Migrates one database for the run; each file's app starts on a copy of it.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
