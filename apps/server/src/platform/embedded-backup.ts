import { chmodSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { DATABASE_ENTRY, writeBackup } from './backup-file.ts';
import type { DatabaseHandle } from './db.ts';

/**
 * Online backups of the embedded database. Its files belong to the server that has them open, so
 * `npm run db:backup` asks that server for one over a Unix socket in DATA_DIR, readable by the
 * data directory's owner only: whoever can connect could read the database's files anyway, and
 * nothing reachable over the network can (no HTTP route dumps the database).
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

/** Files in DATA_DIR besides the database that a restored server needs (generated secrets). */
const NOT_BACKED_UP = new Set(['pglite', 'pglite.lock', 'backup.sock', 'mail']);

/** Writes a backup of the embedded database (and DATA_DIR's secrets) to `out`. */
export async function writeEmbeddedBackup(
  out: Writable,
  snapshot: NonNullable<DatabaseHandle['embeddedSnapshot']>,
  dataDir: string,
): Promise<void> {
  const { archive, tables } = await snapshot();
  const extras = readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !NOT_BACKED_UP.has(entry.name))
    .map((entry) => ({ name: `data/${entry.name}`, path: path.join(dataDir, entry.name) }));
  await writeBackup(out, { database: 'pglite', created_at: new Date().toISOString(), tables }, [
    { name: DATABASE_ENTRY.pglite, bytes: archive },
    ...extras,
  ]);
}

/**
 * Listens on DATA_DIR's backup socket: each connection gets one backup, written as it is taken.
 * Returns the function that stops listening (and removes the socket).
 */
export async function listenForBackups(
  dataDir: string,
  snapshot: NonNullable<DatabaseHandle['embeddedSnapshot']>,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const file = backupSocketPath(dataDir);
  // Left by a process that ended without removing it; this one holds the database's lock.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    const startedAt = Date.now();
    writeEmbeddedBackup(socket, snapshot, dataDir).then(
      () => log.info({ ms: Date.now() - startedAt }, 'backup sent'),
      (err) => {
        log.warn({ err }, 'backup failed');
        socket.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}
