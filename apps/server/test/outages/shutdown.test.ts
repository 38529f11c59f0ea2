import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFreshPostgresDatabase } from '../support/database.ts';
import { postgresTarget, REDIS_TARGET, reachable } from '../support/dependencies.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real server process (`tsx src/server.ts`), as an orchestrator runs it. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, port, exited, output: () => output };
}

/** An HTTP request whose body is still arriving: in flight when the signal comes. */
function slowRequest(port: number) {
  const body = JSON.stringify({ email: 'nadie@example.com', password: 'una-clave-cualquiera' });
  const socket = net.connect({ host: '127.0.0.1', port });
  let response = '';
  socket.on('data', (chunk) => {
    response += chunk;
  });
  const done = new Promise<string>((resolve) => socket.on('close', () => resolve(response)));
  socket.on('error', () => {});
  return new Promise<{ finish(): void; done: Promise<string> }>((resolve) => {
    socket.once('connect', () => {
      socket.write(
        `POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      resolve({ finish: () => socket.write(body.slice(10)), done });
    });
  });
}

const postgres = postgresTarget();
const redis = await reachable(REDIS_TARGET);

describe('graceful shutdown on SIGTERM', () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-shutdown-'));
    // On the PostgreSQL pass, with Redis when it is there: every connection must be closed.
    database = postgres ? await createFreshPostgresDatabase() : undefined;
    server = await startServer({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(postgres && redis
        ? { REDIS_URL: `redis://127.0.0.1:6379?namespace=shutdown-${randomUUID()}` }
        : {}),
    });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes requests in flight, closes sockets with 1001, refuses new connections and exits 0 within 10 s', async () => {
    const { child, port, exited } = server!;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/auctions/api/bids/ws/bids/1/1`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const inFlight = await slowRequest(port);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    expect(await closed).toBe(1001);
    // The listening socket is closed: a new connection is refused.
    await expect(
      new Promise((resolve, reject) => {
        const probe = net.connect({ host: '127.0.0.1', port });
        probe.once('connect', () => {
          probe.destroy();
          resolve('connected');
        });
        probe.once('error', reject);
      }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The request that was in flight still gets its whole answer (a wrong login, not a 5xx).
    inFlight.finish();
    const response = await inFlight.done;
    expect(response).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(response).toContain('"message"');

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(server!.output()).toContain('shut down');
  });
});
