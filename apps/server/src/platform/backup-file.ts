import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { TableSums } from './table-sums.ts';

/**
 * A backup file: gzip of JSON lines. The first says what it holds (which database, when, every
 * table's sums as of the backup's moment); then the files' bytes, base64 in chunks, each line
 * naming its file; the last line marks the end, so a file cut short (a full disk, a dropped
 * connection) is refused instead of restored in part. Images live in the database (a table), so
 * they are in it with everything else.
 */
const BACKUP_FORMAT = 'coleccionables-backup';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** `pglite`: PGlite's data directory as a tar archive; `postgres`: pg_dump's custom format. */
  database: 'pglite' | 'postgres';
  created_at: string;
  tables: TableSums;
}

/** The file holding the database in a backup of either kind. */
export const DATABASE_ENTRY = { pglite: 'pglite.tar', postgres: 'database.pgdump' } as const;

const CHUNK = 768 * 1024;

/** Writes a backup to `out` (ended when done): the header, then each file's bytes. */
export async function writeBackup(
  out: Writable,
  header: Omit<BackupHeader, 'format' | 'version'>,
  files: Array<{ name: string; bytes?: Uint8Array; path?: string }>,
): Promise<void> {
  const gzip = createGzip();
  gzip.pipe(out);
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve).once('close', resolve).once('error', reject);
    gzip.once('error', reject);
  });
  const line = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await new Promise((r) => gzip.once('drain', r));
  };
  await line({ format: BACKUP_FORMAT, version: 1, ...header } satisfies BackupHeader);
  for (const file of files) {
    if (file.bytes) {
      for (let at = 0; at < file.bytes.length; at += CHUNK) {
        await line({
          file: file.name,
          data: Buffer.from(file.bytes.subarray(at, at + CHUNK)).toString('base64'),
        });
      }
    } else if (file.path) {
      for await (const chunk of createReadStream(file.path, { highWaterMark: CHUNK })) {
        await line({ file: file.name, data: (chunk as Buffer).toString('base64') });
      }
    }
    // An empty file is still named.
    await line({ file: file.name, data: '' });
  }
  await line({ end: true });
  gzip.end();
  await finished;
}

/** Reads a backup: its header, and every file's bytes; throws on anything but a whole backup. */
export async function readBackup(
  input: Readable,
): Promise<{ header: BackupHeader; files: Map<string, Buffer> }> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  let header: BackupHeader | undefined;
  const chunks = new Map<string, Buffer[]>();
  let ended = false;
  try {
    for await (const text of lines) {
      if (ended) throw new Error('data after its end');
      const value = JSON.parse(text) as Record<string, unknown>;
      if (!header) {
        if (value.format !== BACKUP_FORMAT || value.version !== 1)
          throw new Error('not a backup of this product');
        header = value as unknown as BackupHeader;
      } else if (value.end === true) ended = true;
      else if (typeof value.file === 'string' && typeof value.data === 'string') {
        const list = chunks.get(value.file) ?? [];
        list.push(Buffer.from(value.data, 'base64'));
        chunks.set(value.file, list);
      } else throw new Error('an unknown line');
    }
  } catch (error) {
    throw new Error(`the backup cannot be read (${(error as Error).message})`);
  }
  if (!header || !ended) throw new Error('the backup is incomplete (cut short)');
  return { header, files: new Map([...chunks].map(([name, list]) => [name, Buffer.concat(list)])) };
}

/** Whether a backup file is whole (its end line is there), read without holding it in memory. */
export async function isWholeBackup(input: Readable): Promise<boolean> {
  let last = '';
  try {
    const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const text of lines) last = text;
  } catch {
    return false;
  }
  return last === '{"end":true}';
}
