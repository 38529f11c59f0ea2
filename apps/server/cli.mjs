#!/usr/bin/env node
// `node cli.mjs <command> [arguments]`, what the npm scripts db:* and users:* run: the command
// compiled by `npm run build` (dist/<command>.js) with NODE_ENV=production or where TypeScript's
// runtime (tsx, a dev dependency) is not installed; its TypeScript source (src/cli/) otherwise, so
// a change is run without building.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [command, ...args] = process.argv.slice(2);
if (!command || !/^[a-z-]+$/.test(command)) {
  console.error('Usage: node cli.mjs <command> [arguments], e.g. node cli.mjs db-migrate');
  process.exit(2);
}
const here = import.meta.dirname;
const built = path.join(here, 'dist', `${command}.js`);
const source = path.join(here, 'src/cli', `${command}.ts`);

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

const compiled = process.env.NODE_ENV === 'production' || !hasTsx();
const entry = compiled ? built : source;
if (!existsSync(entry)) {
  console.error(
    compiled
      ? `Error: ${path.relative(process.cwd(), built)} is missing: run \`npm run build\` first.`
      : `Error: no such command: ${command}.`,
  );
  process.exit(1);
}
if (compiled) process.setSourceMapsEnabled(true);
else (await import('tsx/esm/api')).register();
// The command runs when it is the script node was started with (cli-support.ts, isEntryPoint).
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
