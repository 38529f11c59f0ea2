import { defineConfig } from 'vitest/config';

// Files that change the process for whoever runs after them (an environment variable read at
// import): these run in a fresh process each, the rest share their worker's loaded modules.
const isolatedFiles = ['test/modules/seo/page-heads.test.ts'];

// API integration tests: each file starts the real app on a fresh database (a PGlite data directory,
// or a PostgreSQL database when TEST_DB=postgres), a copy of one migrated for the run, and talks to
// it over real HTTP.
export default defineConfig({
  test: {
    // Migrates one database for the run; each file's app starts on a copy of it.
    globalSetup: ['test/support/global-setup.ts'],
    // Fails a test whose error answers carry a code their endpoint does not declare.
    setupFiles: ['test/support/declared-error-codes.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at once on a 2-core machine: part of many files is waiting (timers, sockets,
    // another process), which a third file fills (187 s -> 157 s on the embedded database).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Not isolated: importing the app and its modules again for every file cost about a
        // minute of the suite; every file starts its own app on its own database anyway.
        test: { name: 'api', include: ['test/**/*.test.ts'], exclude: isolatedFiles, isolate: false },
      },
      { extends: true, test: { name: 'api-isolated', include: isolatedFiles } },
    ],
  },
});
