import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A web build of one page, so `npm start` serves it instead of building the whole web app (the
 * API suite runs before any web build; start.mjs builds nothing when WEB_DIST_DIR names one).
 */
export function tinyWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Coleccionables</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

export interface StartedServer {
  /** The `npm start` process: the one a process manager signals. */
  npm: ChildProcess;
  url: string;
  /** Resolves with npm's exit code and when it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
}

/** `npm start` at the repository root, as an operator runs it; resolves once it listens. */
export async function npmStart(env: Record<string, string>): Promise<StartedServer> {
  const npm = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    // Info logs: the listening line gives the port, and "shut down" tells a drain that finished.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so a failed test can end everything it started (see killLeftOver); the
    // tests signal npm's process alone.
    detached: true,
  });
  let output = '';
  npm.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const started: StartedServer = { npm, url: '', exited, output: () => output };
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not listen within 90 s:\n${output}`)),
      90_000,
    );
    npm.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    npm.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`npm start exited:\n${output}`));
    });
  }).catch((error) => {
    killLeftOver(started);
    throw error;
  });
  started.url = `http://127.0.0.1:${port}`;
  return started;
}

/** Ends whatever a failed test left running: npm and the server under it. */
export function killLeftOver(server: StartedServer | undefined) {
  if (!server?.npm.pid) return;
  try {
    process.kill(-server.npm.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
