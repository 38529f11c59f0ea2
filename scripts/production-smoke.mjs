#!/usr/bin/env node
// `node scripts/production-smoke.mjs [--no-build]`: what the Dockerfile's runtime stage does, run
// outside a container (base images cannot be pulled everywhere CI runs). Builds the tree
// (`npm run build`), copies into an empty folder exactly what the runtime stage copies, installs
// production dependencies only there (`npm ci --omit=dev`, the stage's own step), starts the
// stage's command with NODE_ENV=production and the variables production requires, and checks
// liveness, readiness, the home page and a login of an account made by the compiled command line,
// then that SIGTERM drains it to exit 0 within 10 s. Exit 1 with the reason on any failure.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const step = (text) => console.log(`== ${text}`);

/** The instructions of the Dockerfile's `runtime` stage, continuation lines joined. */
function runtimeStage() {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const lines = text.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => /^FROM .* AS runtime$/i.test(line));
  if (start < 0) throw new Error('Dockerfile: no stage named runtime');
  const end = lines.findIndex((line, i) => i > start && /^FROM /i.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((line) => line && !line.startsWith('#'));
}

/** Docker's COPY: a folder's contents go into the destination, a file into it when it ends in /. */
function copy(sources, destination, tree) {
  const into = path.join(tree, destination);
  for (const source of sources) {
    if (!source.startsWith('/app/')) throw new Error(`COPY from outside /app: ${source}`);
    const from = path.join(root, source.slice('/app/'.length));
    if (!existsSync(from)) throw new Error(`${path.relative(root, from)} is missing: is the tree built?`);
    if (statSync(from).isDirectory()) cpSync(from, into, { recursive: true });
    else if (destination.endsWith('/')) {
      mkdirSync(into, { recursive: true });
      cpSync(from, path.join(into, path.basename(from)));
    } else cpSync(from, into);
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    step('npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const tree = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-production-'));
  const dataDir = path.join(tree, 'data-dir');
  let child;
  try {
    const env = {};
    let command;
    for (const line of runtimeStage()) {
      const [instruction, ...rest] = line.split(/\s+/);
      const upper = instruction.toUpperCase();
      if (upper === 'COPY') {
        const args = rest.filter((arg) => !arg.startsWith('--'));
        if (!rest.includes('--from=build')) throw new Error(`COPY not from the build stage: ${line}`);
        copy(args.slice(0, -1), args.at(-1), tree);
      } else if (upper === 'RUN' && line.includes('npm ci')) {
        // The stage's install; the rest of that line (cleaning npm's cache) is the image's affair.
        if (!line.includes('npm ci --omit=dev'))
          throw new Error(`the runtime stage installs dev dependencies: ${line}`);
        step('npm ci --omit=dev (in the copy)');
        execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
      } else if (upper === 'ENV') {
        for (const pair of rest) {
          const at = pair.indexOf('=');
          env[pair.slice(0, at)] = pair.slice(at + 1);
        }
      } else if (upper === 'CMD') command = JSON.parse(rest.join(' '));
    }
    if (!command) throw new Error('Dockerfile: the runtime stage has no CMD');
    // Not typescript: mjml's HTML minifier pulls it in as a peer of cosmiconfig (nothing runs it).
    for (const devOnly of ['tsx', 'vite', 'esbuild', 'vitest', '@biomejs/biome']) {
      if (existsSync(path.join(tree, 'node_modules', devOnly)))
        throw new Error(`the production install holds the dev dependency ${devOnly}`);
    }

    const runEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? tree,
      ...env,
      // The stage's address and data folder are the container's; these are this machine's.
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: 'a-production-smoke-secret-of-enough-length-0123456789',
      PUBLIC_URL: 'https://subastas.example.com',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENTS_PROVIDER: 'bold',
      BOLD_API_KEY: 'smoke-api-key',
      BOLD_SECRET_KEY: 'smoke-secret-key',
      LOG_LEVEL: 'info',
    };
    step('users:create with the compiled command line');
    execFileSync(
      'node',
      [
        'apps/server/cli.mjs',
        'users-create',
        '--email',
        'smoke@example.com',
        '--username',
        'smoke_user',
        '--password',
        'Secreta123',
      ],
      { cwd: tree, env: runEnv, stdio: 'inherit' },
    );

    step(`start: ${command.join(' ')}`);
    child = spawn(command[0], command.slice(1), {
      cwd: tree,
      env: runEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const record = (chunk) => {
      output += chunk;
    };
    child.stdout.on('data', record);
    child.stderr.on('data', record);
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not listen within 60 s:\n${output}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
    });
    const expectStatus = async (what, response, status) => {
      if (response.status !== status)
        throw new Error(`${what}: ${response.status}, not ${status}\n${await response.text()}`);
      console.log(`ok ${what}: ${status}`);
      return response;
    };
    await expectStatus('GET /api/health/live', await fetch(`${url}/api/health/live`), 200);
    await expectStatus('GET /api/health', await fetch(`${url}/api/health`), 200);
    const home = await (await expectStatus('GET /', await fetch(`${url}/`), 200)).text();
    if (!home.includes('<div id="root"')) throw new Error('the home page is not the web app');
    const login = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'smoke@example.com', password: 'Secreta123' }),
    });
    const body = await (await expectStatus('POST /api/users/login', login, 200)).json();
    if (typeof body.jwt_token !== 'string') throw new Error('the login answered no token');

    step('SIGTERM');
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const exit = await exited;
    child = undefined;
    if (exit.code !== 0 || exit.at - signalledAt > 10_000)
      throw new Error(`SIGTERM: exit ${exit.code} after ${exit.at - signalledAt} ms\n${output}`);
    console.log(`ok drained: exit 0 after ${exit.at - signalledAt} ms`);
    console.log('The production install starts and serves.');
  } finally {
    child?.kill('SIGKILL');
    rmSync(tree, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`Production smoke test failed: ${error.message}`);
  process.exit(1);
});
