import { defineConfig } from 'vitest/config';

const webTests = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];
// Web test files that replace a module (vi.mock): each runs in a fresh process, so no other file
// gets the replacement from the worker's shared module cache.
const webMockingTests = [
  'src/features/auctions/components/product-auction-view.test.tsx',
  'src/features/auctions/components/auctions.test.tsx',
  'src/features/auctions/lib/use-live-bids.test.tsx',
];

// Unit tests: shared contracts (rules, schemas, formatters), the server's pure parts, web components,
// import boundaries.
// Files share their worker's loaded modules (isolate: false) where they can: starting a process
// and importing again for each file was most of the suite's time. Two workers: vitest's default
// is one fewer than the machine's cores, which is one on a 2-core machine.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], isolate: false } },
      { test: { name: 'boundaries', include: ['scripts/boundaries/*.test.ts'] } },
      // The server's pure rules and mechanisms, tested next to their code (its API suite, which
      // starts the app on a database, lives in apps/server/test).
      { test: { name: 'server', root: './apps/server', include: ['src/**/*.test.ts'], isolate: false } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: webTests,
          exclude: webMockingTests,
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-mocking', root: './apps/web', include: webMockingTests, environment: 'jsdom' },
      },
    ],
  },
});
