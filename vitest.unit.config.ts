import { defineConfig } from 'vitest/config';

// Unit tests: shared contracts (rules, schemas, formatters), web components, import boundaries.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'boundaries', include: ['scripts/boundaries/*.test.ts'] } },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          passWithNoTests: true,
        },
      },
    ],
  },
});
