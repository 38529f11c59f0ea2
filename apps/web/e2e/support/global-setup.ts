import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** A port nothing listens on now (a fixed range collides with services such as epmd on 4369). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      TEST_CLOCK: '1',
      NODE_ENV: 'test',
      // Browser flows log in many times from one address; the limits have their own API tests.
      RATE_LIMIT: '0',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
