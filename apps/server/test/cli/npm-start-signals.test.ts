import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db.ts';
import { migrateToLatest } from '../../src/platform/migrate.ts';
import { insertAuction } from '../factories/auctions.ts';
import { insertUser, TEST_PASSWORD } from '../factories/users.ts';
import { cliDatabaseForFile } from '../support/cli-database.ts';
import { testDatabaseKind } from '../support/database.ts';
import { killLeftOver, npmStart, type StartedServer, tinyWebBuild } from '../support/npm-start.ts';

const BIDS = 50;
const BIDDERS = 5;

/**
 * What a process manager does: it starts `npm start` and, to stop it, signals that one process
 * (not its group). The server must get the signal, drain a burst of bids in flight and exit 0
 * within 10 s, and every bid it acknowledged must be there when it starts again.
 */
describe(`npm start under SIGTERM and SIGINT (${testDatabaseKind()})`, () => {
  const database = cliDatabaseForFile('coleccionables-signals-');
  let web: string;
  let env: Record<string, string>;
  let race: { auction_id: number; product_id: number };
  let emails: string[];
  let server: StartedServer | undefined;

  beforeAll(async () => {
    web = tinyWebBuild();
    env = { ...database.env, WEB_DIST_DIR: web, RATE_LIMIT: '0', NODE_ENV: 'test' };
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    try {
      // A fresh PostgreSQL database has no tables yet (the embedded one is a migrated copy).
      await migrateToLatest(handle.db);
      const seller = await insertUser(handle.db, { is_seller: true });
      emails = [];
      for (let i = 0; i < BIDDERS; i++) emails.push((await insertUser(handle.db)).email);
      const { auction, products } = await insertAuction(handle.db, seller.id, {
        now: new Date(),
        productCount: 1,
      });
      race = { auction_id: auction.id, product_id: products[0]!.id };
    } finally {
      await handle.close();
    }
  });
  afterAll(() => {
    killLeftOver(server);
    rmSync(web, { recursive: true, force: true });
  });

  async function login(url: string, email: string): Promise<string> {
    const res = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { jwt_token: string }).jwt_token;
  }

  /** The bids the product's history holds, by id. */
  async function storedBidIds(url: string): Promise<Set<number>> {
    const token = await login(url, emails[0]!);
    const res = await fetch(
      `${url}/api/bids/get_bids_by_auction/${race.auction_id}/${race.product_id}?limit=100`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    return new Set(((await res.json()) as Array<{ id: number }>).map((bid) => bid.id));
  }

  let nextAmount = 10_000;

  /**
   * Fires BIDS bids at once (rising amounts from BIDDERS accounts), sends `signal` to npm's process
   * once the first is answered, and returns the acknowledged bids' ids, every status seen and the
   * exit. Requests refused once the listener has closed (a connection error) are not acknowledged.
   */
  async function burstThenSignal(signal: NodeJS.Signals) {
    const tokens = await Promise.all(emails.map((email) => login(server!.url, email)));
    const statuses: number[] = [];
    const acknowledged: number[] = [];
    let signalledAt = 0;
    const signalOnce = () => {
      if (signalledAt) return;
      signalledAt = Date.now();
      server!.npm.kill(signal);
    };
    const bids = Array.from({ length: BIDS }, (_, i) => {
      nextAmount += 1_000;
      const amount = nextAmount;
      return fetch(`${server!.url}/api/bids/create-bid`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % BIDDERS]}` },
        body: JSON.stringify({ ...race, amount }),
      }).then(
        async (res) => {
          statuses.push(res.status);
          const body = (await res.json()) as { id?: number };
          if (res.status === 201 && body.id) acknowledged.push(body.id);
          signalOnce();
        },
        () => signalOnce(),
      );
    });
    await Promise.all(bids);
    const exit = await server!.exited;
    return { statuses, acknowledged, exit, ms: exit.at - signalledAt };
  }

  // One server is signalled, the next one started on the same data both checks what the first
  // acknowledged and takes the next signal (three starts for the two signals).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `${signal} to npm's process drains a burst of ${BIDS} bids and exits 0 within 10 s; every acknowledged bid stays`,
      {
        timeout: 180_000,
      },
      async () => {
        server ??= await npmStart(env);
        const { statuses, acknowledged, exit, ms } = await burstThenSignal(signal);
        const output = server.output();
        expect(
          statuses.filter((s) => s >= 500 && s !== 503),
          output,
        ).toEqual([]);
        expect(acknowledged.length, `statuses: ${statuses.join(',')}`).toBeGreaterThan(0);
        expect(exit.code, output).toBe(0);
        expect(ms, output).toBeLessThan(10_000);
        expect(output).toContain('"msg":"shut down"');

        server = await npmStart(env);
        const stored = await storedBidIds(server.url);
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
        if (signal === 'SIGINT') {
          server.npm.kill('SIGTERM');
          expect((await server.exited).code).toBe(0);
        }
      },
    );
  }
});
