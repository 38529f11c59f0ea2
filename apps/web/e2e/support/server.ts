import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

export interface TestServer {
  url: string;
  /** The server's data directory (e-mails are written under `mail/` as .eml files). */
  dataDir: string;
  stop(): Promise<void>;
}

const serverEnv = {
  DATABASE_URL: '',
  SEED_DEMO: '1',
  TEST_CLOCK: '1',
  NODE_ENV: 'test',
  // Browser flows log in many times from one address; the limits have their own API tests.
  RATE_LIMIT: '0',
  // log2 of scrypt's N for the passwords seeded, registered and changed here: the flows log in and
  // sign up dozens of times, each a fraction of a second of CPU at the production cost (17).
  PASSWORD_HASH_COST: '10',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
};

/**
 * Seeds the demo data once into a new data directory (the `db:seed` command, no server) for the
 * run's servers to start on copies of: seeding costs tens of seconds of CPU (password hashes,
 * images), copying the directory a fraction of a second. The demo data's times are relative to
 * when it was seeded, as they already were for the shared server, which lives the whole run.
 */
export async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-e2e-seeded-'));
  const seeder = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/db-seed.ts'], {
    cwd: root,
    env: { ...process.env, ...serverEnv, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => seeder.once('exit', resolve));
  if (code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`seeding the demo data failed (exit ${code})`);
  }
  return dataDir;
}

/** The run's seeded data directory (global-setup.ts), when this runs inside a test file. */
async function runSeededDataDir(): Promise<string | undefined> {
  if (!process.env.VITEST_WORKER_ID) return undefined;
  const { inject } = await import('vitest');
  return inject('seededDataDir');
}

/**
 * The real server on the built app, a fresh data directory, the demo seed and the test clock.
 * The browser tests share one (global-setup.ts); a file whose flow changes what the others rely
 * on (deleting a demo account, moving the clock by days) starts its own.
 */
export async function startServer(
  options: { seeded?: string; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-e2e-'));
  // A copy of the run's seeded data: the server finds its users there and seeds nothing.
  const seeded = options.seeded ?? (await runSeededDataDir());
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...serverEnv,
      ...options.env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, dataDir, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become healthy in 240 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
