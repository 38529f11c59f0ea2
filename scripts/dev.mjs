#!/usr/bin/env node
// `npm run dev`: the API server (restarting on change) on PORT 3000 and Vite with hot reload on 5173,
// proxying /api, /auctions/api and /sandbox to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
