import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from './chromium.ts';
import { startServer } from './server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the real server once for the browser tests: built app, fresh data dir, demo seed, test clock. */
export default async function setup(project: TestProject) {
  const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it for you).');
  }
  // Resolved (and, for the npm-shipped browser, unpacked) once before any file launches it.
  const browser = await chromiumExecutable();
  console.log(
    `browser tests use ${browser.source === 'system' ? "Debian's" : 'the npm-shipped'} Chromium: ${browser.path}`,
  );
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return server.stop;
}
