import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db.ts';
import { lockEmbeddedDatabase } from '../../src/platform/embedded-lock.ts';

describe('the embedded database is one process’s at a time', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    dirs.push(dir);
    return dir;
  };
  /** A process that is alive (and is not this one) until the test ends. */
  const otherProcess = () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    children.push(child);
    return child.pid!;
  };
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is refused while another live process holds it, naming that process', async () => {
    const dir = freshDir();
    const holder = otherProcess();
    writeFileSync(path.join(dir, 'pglite.lock'), String(holder));
    expect(() => lockEmbeddedDatabase(dir)).toThrow(`open in process ${holder}`);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`open in process ${holder}`);
    // Nothing was created or taken over.
    expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(holder));
  });

  it('takes over a lock left by a process that is gone, and releases it on close', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, 'pglite.lock'), String(gone.pid));
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    // Free again: it opens once more.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
