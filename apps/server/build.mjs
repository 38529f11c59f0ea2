// `npm run build -w apps/server`: the server and its command-line tools compiled to JavaScript in
// dist/, what a production install (no dev dependencies, no TypeScript runtime) runs. One file per
// entry point, with no shared chunks: code that finds files beside itself (the embedded database's
// thread, the web build) then sees dist/ whichever entry it was loaded from.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const cliDir = path.join(here, 'src/cli');
const entryPoints = {
  server: path.join(here, 'src/server.ts'),
  // Started as a worker thread by platform/embedded-database.ts.
  'embedded-worker': path.join(here, 'src/platform/embedded-worker.ts'),
};
for (const file of readdirSync(cliDir)) {
  // Every command but the module they share (and tests beside them, should there be any).
  if (
    file.endsWith('.ts') &&
    !file.endsWith('.test.ts') &&
    file !== 'cli-support.ts' &&
    file !== 'set-role.ts'
  )
    entryPoints[file.slice(0, -3)] = path.join(cliDir, file);
}

/**
 * Installed packages stay imports, resolved from node_modules at run time (native ones such as
 * sharp cannot be bundled, and the rest gain nothing); the workspace's own packages, which are
 * TypeScript, are compiled in.
 */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

const outdir = path.join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces name the TypeScript lines (the server turns source maps on at start).
  sourcemap: true,
  sourcesContent: false,
  outExtension: { '.js': '.js' },
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
console.log(
  `Server built into ${path.relative(process.cwd(), outdir) || 'dist'}/ (${Object.keys(entryPoints).length} entry points).`,
);
