#!/usr/bin/env node
// Runs every test suite in turn and ends with one line "Tests: N passed, N failed".
//   unit      contracts, server and web unit tests (beside their code)
//   server    API integration tests on embedded PGlite
//   server-pg the same tests on PostgreSQL (only when TEST_DATABASE_URL is set)
//   e2e       browser tests (Playwright + Chromium) against the built app; never skipped
// `node scripts/test.mjs server e2e` runs only the named suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// TEST_OUTPUT_DIR keeps a second run's reports apart (CI runs unit and server again on Node 22).
const out = path.resolve(root, process.env.TEST_OUTPUT_DIR ?? '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Scratch space on a RAM disk where the machine has one: every API test file copies a migrated
// database directory and every browser-test server a seeded one, and each writes its database as
// it goes; on this project's virtual disks a copy costs half a second of system time, on tmpfs
// a twentieth. Whatever the tests leave there goes with the run.
const scratch = ramDiskScratch();
const scratchEnv = scratch ? { TMPDIR: scratch } : {};
process.on('exit', () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
// Ctrl-C or a kill: the suite running gets the signal too and ends; then this exits through the
// handler above, which a signal's default action would skip (leaving the scratch in RAM).
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => process.exit(code));
}

function ramDiskScratch() {
  if (process.env.TEST_SCRATCH === 'disk') return undefined;
  try {
    return mkdtempSync('/dev/shm/coleccionables-tests-');
  } catch {
    return undefined;
  }
}

const suites = {
  unit: { dir: '.', config: 'vitest.unit.config.ts', env: {} },
  server: { dir: 'apps/server', config: 'vitest.config.ts', env: { TEST_DB: 'pglite' } },
  'server-pg': { dir: 'apps/server', config: 'vitest.config.ts', env: { TEST_DB: 'postgres' } },
  e2e: { dir: 'apps/web', config: 'vitest.e2e.config.ts', env: {} },
};

let wanted = process.argv.slice(2);
if (wanted.length === 0) {
  wanted = ['unit', 'server', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : []), 'e2e'];
  if (!process.env.TEST_DATABASE_URL) {
    console.log('TEST_DATABASE_URL is not set: the PostgreSQL pass of the API suite is not run.');
  }
}

let passed = 0;
let failed = 0;
// Where the run's time goes, printed at the end (the web app's build counts with the browser suite).
const started = Date.now();
const seconds = {};
let broken = false;
// Named again at the very end: a log cut to its tail (CI keeps only the last part) still says
// which test failed, not just how many.
const failures = [];
for (const name of wanted) {
  const suite = suites[name];
  if (!suite) {
    console.error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  if (name === 'server-pg' && !process.env.TEST_DATABASE_URL) {
    console.error('server-pg needs TEST_DATABASE_URL');
    process.exit(2);
  }
  const suiteStarted = Date.now();
  if (name === 'e2e') {
    console.log('\n== building the web app for the browser tests');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      broken = true;
      continue;
    }
  }
  console.log(`\n== ${name}`);
  const report = path.join(out, `${name}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      suite.config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    {
      cwd: path.join(root, suite.dir),
      stdio: 'inherit',
      env: { ...process.env, ...scratchEnv, ...suite.env },
    },
  );
  seconds[name] = Math.round((Date.now() - suiteStarted) / 1000);
  if (!existsSync(report)) {
    broken = true;
    console.error(`suite ${name} produced no report (exit ${result.status})`);
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  // A file that fails outside its tests (a hook, an import) fails none of them: it counts as one.
  const filesFailedOutsideTests = json.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  failed += json.numFailedTests + filesFailedOutsideTests;
  failures.push(...failedTests(name, json));
  if (result.status !== 0 || json.numTotalTests === 0 || json.numFailedTestSuites > 0) broken = true;
}

const timings = Object.entries(seconds).map(([name, s]) => `${name} ${s} s`);
console.log(`\nTime: ${Math.round((Date.now() - started) / 1000)} s (${timings.join(', ')})`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);

/** One line per failed test (or per file that failed outside its tests), with its first message line. */
function failedTests(suite, json) {
  const lines = [];
  for (const file of json.testResults) {
    if (file.status !== 'failed') continue;
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0) lines.push(`  ${suite} ${where}: ${firstLine(file.message)}`);
    for (const test of tests) {
      lines.push(`  ${suite} ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}
