import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumExecutable, testsBrowserSource } from './chromium.ts';
import { seedDataDir, startServer } from './server.ts';
import { e2eWorkers } from './workers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared servers, one per worker slot (browser.ts baseUrl). */
    baseUrls: string[];
    /** The run's Chromium, which test files connect to (browser.ts launchBrowser). */
    browserEndpoint: string;
    /** Demo data seeded once; every server of the run starts on a copy of it (server.ts). */
    seededDataDir: string;
    /** Where the run keeps the demo accounts' open sessions for reuse (sessions.ts). */
    sessionsFile: string;
  }
}

/**
 * Once for the browser tests: seeds the demo data, starts the real server on copies of it (built
 * app, test clock), one per worker slot, and launches Chromium, which every file then connects to
 * instead of launching its own (a launch costs seconds of CPU on a loaded machine; each test still
 * gets a fresh context). Two files run at once, each on its slot's server: a server still serves
 * one file at a time, so a file that moves the test clock or buys a demo product never does it
 * under another file's feet.
 */
export default async function setup(project: TestProject) {
  const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it for you).');
  }
  // Resolved (and, for the npm-shipped browser, unpacked) once before any file launches it.
  const executable = await chromiumExecutable(testsBrowserSource());
  console.log(
    `browser tests use ${executable.source === 'system' ? "Debian's" : 'the npm-shipped'} Chromium: ${executable.path}`,
  );
  const [seeded, browser] = await Promise.all([
    seedDataDir(),
    chromium.launchServer({ executablePath: executable.path, headless: true, args: CHROMIUM_ARGS }),
  ]);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-e2e-run-'));
  const cleanUp = async () => {
    await browser.close();
    rmSync(seeded, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(
    Array.from({ length: e2eWorkers() }, () => startServer({ seeded })),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = started.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    await cleanUp();
    throw failure.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('seededDataDir', seeded);
  project.provide('sessionsFile', path.join(runDir, 'sessions.json'));
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await cleanUp();
  };
}
