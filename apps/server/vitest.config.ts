import { defineConfig } from 'vitest/config';

// API integration tests: each file starts the real app on a fresh database (PGlite in memory, or a
// fresh PostgreSQL database when TEST_DB=postgres) and talks to it over real HTTP.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
