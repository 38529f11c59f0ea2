/**
 * Import boundaries (`npm run lint` fails on a violation):
 * - web and server meet only in packages/contracts;
 * - a server module reads and writes its own tables: another module is reached through its
 *   `*.service.ts` (its public surface), never through its repository or other internals;
 * - server platform code (database, auth, events, jobs...) serves every module and imports none;
 * - web shared code (components, lib, config) imports no feature, and features do not import
 *   each other: what two features share moves to shared code; only the app layer (routes,
 *   layout wiring) composes features;
 * - no import cycles.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-and-server-meet-in-contracts',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-and-web-meet-in-contracts',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'modules-meet-through-services',
      comment: 'another module is reached through its service file, never its repository or internals',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+[.]service[.]ts$'],
      },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config|styles)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
