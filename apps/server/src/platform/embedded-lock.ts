import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time: a second one writing the same files
 * (a command-line tool run beside a server on another port, a second server) corrupts them. The
 * lock is a file beside the database naming the process that holds it; a file left by a process
 * that is gone (a crash) is taken over. Returns the function that releases it.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readHolder(file), 10);
    // This very process (a restarted container is often pid 1 again) may reopen its own files.
    if (holder === process.pid) return () => {};
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new Error(`the embedded database in ${dataDir} is open in process ${holder}`);
    }
    try {
      unlinkSync(file);
    } catch {
      // another process took it over first: try again
    }
  }
}

function readHolder(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
