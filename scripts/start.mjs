#!/usr/bin/env node
// `npm start`. With NODE_ENV=production: runs the server `npm run build` compiled (apps/server/dist)
// and builds nothing, so a tree installed with `npm ci --omit=dev` starts. Otherwise: builds the
// web app when it is missing or older than its sources, then runs the server's TypeScript as is.
//
// Either way the server runs in this very process (package.json starts it with `exec`, so npm's
// shell is replaced by it too): SIGTERM or SIGINT sent to the process `npm start` started reaches
// the server, which drains and exits; no parent in between can die of the signal and leave it
// running.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtServer = path.join(root, 'apps/server/dist/server.js');

if (process.env.NODE_ENV === 'production') {
  const webApp = path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'), 'index.html');
  for (const [file, what] of [
    [builtServer, 'The server is not built'],
    [webApp, 'The web app is not built'],
  ]) {
    if (!existsSync(file)) {
      console.error(`${what}: run \`npm run build\` first (NODE_ENV=production builds nothing).`);
      process.exit(1);
    }
  }
  // Stack traces name the TypeScript lines; set before the compiled files load.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(builtServer).href);
} else {
  buildWebAppIfStale();
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
}

/** Builds the web app when it is missing or older than its sources (not when WEB_DIST_DIR names one). */
function buildWebAppIfStale() {
  // A build of one's own (parallel test runs, a fixture) is served as it is.
  if (process.env.WEB_DIST_DIR) return;
  const dist = path.join(root, 'apps/web/dist/index.html');
  // The server render's bundle, built with it (a build from before it existed has none).
  const serverEntry = path.join(root, 'apps/web/dist-ssr/entry-server.js');
  const sources = ['apps/web/src', 'apps/web/index.html', 'packages/contracts/src'].map((p) =>
    path.join(root, p),
  );
  const sourceTime = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(dist) && existsSync(serverEntry) && statSync(dist).mtimeMs >= sourceTime) return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
