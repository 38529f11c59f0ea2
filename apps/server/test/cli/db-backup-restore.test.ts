import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup } from '../../src/platform/backup-file.ts';
import { databaseImageStore, processImageBytes } from '../../src/platform/images.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { readTableSums } from '../../src/platform/table-sums.ts';
import { insertAuction } from '../factories/auctions.ts';
import { makeImage } from '../factories/images.ts';
import { insertUser, TEST_PASSWORD } from '../factories/users.ts';
import {
  bidStream,
  type Fingerprints,
  fingerprints,
  rowDigests,
  runCommand,
  withDatabase,
} from '../support/backups.ts';
import { cliDatabaseForFile } from '../support/cli-database.ts';
import { createFreshPostgresDatabase, testDatabaseKind } from '../support/database.ts';
import {
  killLeftOver,
  npmStart,
  repositoryRoot,
  type StartedServer,
  tinyWebBuild,
} from '../support/npm-start.ts';

const kind = testDatabaseKind();
const runFile = promisify(execFile);

/**
 * What an operator does: `npm run db:backup` while the marketplace takes bids, then, on a new
 * machine, `npm run db:restore` into an empty target and a server started on it. The restored
 * database must hold every table as it was at one moment of the backup, the images with it.
 */
describe(`db:backup and db:restore (${kind})`, () => {
  const source = cliDatabaseForFile('coleccionables-backup-');
  let scratch: string;
  let web: string;
  let env: Record<string, string>;
  let race: { auction_id: number; product_id: number };
  let emails: string[];
  let imageId: string;
  let server: StartedServer | undefined;
  const drops: Array<() => Promise<void>> = [];
  let targets = 0;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'coleccionables-backups-'));
    web = tinyWebBuild();
    env = { ...source.env, WEB_DIST_DIR: web, RATE_LIMIT: '0', NODE_ENV: 'test' };
    await withDatabase(env, async (db) => {
      await migrateToLatest(db);
      const seller = await insertUser(db, { is_seller: true });
      emails = [];
      for (let i = 0; i < 3; i++) emails.push((await insertUser(db)).email);
      const { auction, products } = await insertAuction(db, seller.id, { now: new Date(), productCount: 1 });
      race = { auction_id: auction.id, product_id: products[0]!.id };
      const picture = await processImageBytes(await makeImage('png', { width: 320, height: 240 }));
      imageId = await databaseImageStore.save(db, picture, new Date());
      await db.updateTable('products').set({ image_id: imageId }).where('id', '=', race.product_id).execute();
    });
  });
  afterAll(async () => {
    killLeftOver(server);
    for (const drop of drops) await drop();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(web, { recursive: true, force: true });
  });

  /** A target to restore into: a DATA_DIR not yet made, and on PostgreSQL a new empty database. */
  async function emptyTarget(): Promise<Record<string, string>> {
    const { DATA_DIR: _dir, DATABASE_URL: _url, ...rest } = env;
    const target = { ...rest, DATA_DIR: path.join(scratch, `target-${++targets}`) };
    if (kind === 'pglite') return target;
    const database = await createFreshPostgresDatabase();
    drops.push(database.drop);
    return { ...target, DATABASE_URL: database.url };
  }

  async function login(url: string, email: string): Promise<string> {
    const res = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { jwt_token: string }).jwt_token;
  }

  async function imageBytes(url: string): Promise<string[]> {
    const files = [];
    for (const file of ['full.webp', 'thumb.webp']) {
      const res = await fetch(`${url}/images/${imageId}/${file}`);
      expect(res.status).toBe(200);
      files.push(Buffer.from(await res.arrayBuffer()).toString('base64'));
    }
    return files;
  }

  async function stop(started: StartedServer) {
    started.npm.kill('SIGTERM');
    expect((await started.exited).code, started.output()).toBe(0);
  }

  /** The sums a backup records, read from a database with the product's own formula. */
  const recordedSums = (db: Parameters<typeof fingerprints>[0]) =>
    readTableSums(async (text) => (await sql.raw(text).execute(db)).rows);

  it(
    'a backup taken during a stream of bids restores every table as of its moment; a server started on it serves the same images',
    { timeout: 300_000 },
    async () => {
      const before = await withDatabase(env, fingerprints);
      server = await npmStart(env);
      const images = await imageBytes(server.url);
      const tokens = await Promise.all(emails.map((email) => login(server!.url, email)));
      const stream = bidStream(server.url, tokens, race);
      await stream.waitFor(5);
      const ackedBefore = stream.acknowledged.map((bid) => bid.id);
      const startedAt = Date.now();
      // As an operator types it, at the repository root.
      const file = path.join(scratch, 'online.backup');
      const backup = await runFile('npm', ['run', 'db:backup', '--', '--out', file], {
        cwd: repositoryRoot,
        env: { ...process.env, ...env },
      }).catch((error: { stdout: string; stderr: string }) => error);
      const endedAt = Date.now();
      await stream.waitFor(3);
      await stream.stop();
      expect(backup.stdout, backup.stderr).toMatch(/Backup written to/);
      expect(backup.stdout).toContain(kind === 'pglite' ? 'taken by the running server' : 'pg_dump');
      expect(stream.failures).toEqual([]);
      // A starved machine may make a bid wait past the statement timeout now and then; the backup
      // must not make that the rule.
      expect(stream.retried()).toBeLessThan(stream.acknowledged.length);
      // Bids were taken while the backup ran, and after it.
      expect(
        stream.acknowledged.filter((bid) => bid.at > startedAt && bid.at < endedAt).length,
      ).toBeGreaterThan(0);
      expect(stream.acknowledged.filter((bid) => bid.at > endedAt).length).toBeGreaterThan(0);
      await stop(server);
      server = undefined;

      const after = await withDatabase(env, fingerprints);
      const sourceBids = await withDatabase(env, (db) => rowDigests(db, 'bids'));
      const moving = Object.keys(after).filter((table) => after[table]!.checksum !== before[table]!.checksum);
      expect(moving).toContain('bids');

      const target = await emptyTarget();
      const restore = await runCommand('db-restore', ['--in', file], target);
      expect(restore.stdout, restore.stderr).toMatch(/^Restored into/);

      const { header } = await readBackup(createReadStream(file));
      const restored = await withDatabase(target, async (db) => ({
        prints: await fingerprints(db),
        sums: await recordedSums(db),
        bidDigests: await rowDigests(db, 'bids'),
        bids: await db
          .selectFrom('bids')
          .select(['id', 'amount'])
          .where('product_id', '=', race.product_id)
          .execute(),
        race: await db
          .selectFrom('auction_products')
          .select(['bid_count', 'highest_bid'])
          .where('product_id', '=', race.product_id)
          .executeTakeFirstOrThrow(),
      }));
      // Every table, as the backup recorded it at its moment.
      expect(restored.sums).toEqual(header.tables);
      expect(Object.keys(restored.prints)).toEqual(Object.keys(after));
      // The tables the bids did not touch are the source's, row for row.
      const still = (prints: Fingerprints) =>
        Object.fromEntries(Object.entries(prints).filter(([table]) => !moving.includes(table)));
      expect(still(restored.prints)).toEqual(still(after));
      // The bids: all acknowledged before the backup began, none the source does not hold, not
      // those taken after it; the product's race agrees with them (one moment, not a torn copy).
      const restoredIds = new Set(restored.bids.map((bid) => bid.id));
      expect(ackedBefore.filter((id) => !restoredIds.has(id))).toEqual([]);
      expect([...restored.bidDigests].filter((digest) => !sourceBids.has(digest))).toEqual([]);
      expect(restored.bids.length).toBeLessThan(after.bids!.rows);
      expect(restored.race.bid_count).toBe(restored.bids.length);
      expect(restored.race.highest_bid).toBe(Math.max(...restored.bids.map((bid) => bid.amount)));

      const copy = await npmStart(target);
      try {
        expect((await fetch(`${copy.url}/api/health`)).status).toBe(200);
        expect((await fetch(`${copy.url}/api/health/live`)).status).toBe(200);
        expect(await imageBytes(copy.url)).toEqual(images);
        const token = await login(copy.url, emails[0]!);
        const history = await fetch(
          `${copy.url}/api/bids/get_bids_by_auction/${race.auction_id}/${race.product_id}?limit=100`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        // Newest first, at most 100: the restored bids, led by the restored highest one.
        const shown = ((await history.json()) as Array<{ id: number }>).map((bid) => bid.id);
        expect(shown.length).toBe(Math.min(100, restoredIds.size));
        expect(shown.filter((id) => !restoredIds.has(id))).toEqual([]);
        const highest = restored.bids.find((bid) => bid.amount === restored.race.highest_bid);
        expect(shown[0]).toBe(highest?.id);
        // Its sequences came along: a new bid gets a new id.
        const bid = await fetch(`${copy.url}/api/bids/create-bid`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...race, amount: restored.race.highest_bid! + 50_000 }),
        });
        expect(bid.status, await bid.clone().text()).toBe(201);
        expect(restoredIds.has(((await bid.json()) as { id: number }).id)).toBe(false);
      } finally {
        await stop(copy).finally(() => killLeftOver(copy));
      }
    },
  );

  let quietBackup: string | undefined;
  async function takeQuietBackup(): Promise<string> {
    if (quietBackup) return quietBackup;
    const file = path.join(scratch, 'quiet.backup');
    const backup = await runCommand('db-backup', ['--out', file], env);
    expect(backup.stdout, backup.stderr).toMatch(/^Backup written to/);
    if (kind === 'pglite') expect(backup.stdout).toContain('no server running');
    quietBackup = file;
    return file;
  }

  it(
    'with no server running, a backup restores to a database equal to its source, table by table',
    {
      timeout: 180_000,
    },
    async () => {
      const file = await takeQuietBackup();
      const target = await emptyTarget();
      const restore = await runCommand('db-restore', ['--in', file], target);
      expect(restore.stdout, restore.stderr).toMatch(/^Restored into/);
      expect(await withDatabase(target, fingerprints)).toEqual(await withDatabase(env, fingerprints));
    },
  );
});
