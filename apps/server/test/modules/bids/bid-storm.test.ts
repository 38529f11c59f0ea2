import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUser, issueSessionToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { testDatabaseKind } from '../../support/database.ts';

/**
 * 64 bidders fire random valid and invalid bids at one product for 10 seconds, then the race is
 * checked against what every client saw. On PostgreSQL with Redis, two server instances (each with
 * its own pool, caches and Redis connections, as two processes would have) share the database and
 * the live channel, and the bidders alternate between them.
 */
const CLIENTS = 64;
const STORM_MS = 10_000;

const redisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port: 6379 });
  socket.setTimeout(1000);
  socket.once('connect', () => resolve(socket.destroy() !== undefined));
  socket.once('timeout', () => resolve(!socket.destroy()));
  socket.once('error', () => resolve(false));
});
const twoProcesses = testDatabaseKind() === 'postgres' && redisUp;

describe(`a bid storm (${twoProcesses ? 'two processes on one PostgreSQL' : testDatabaseKind()})`, () => {
  let servers: TestApp[];

  beforeAll(async () => {
    if (!twoProcesses) {
      servers = [await startTestApp()];
      return;
    }
    const redis = { REDIS_URL: `redis://127.0.0.1:6379?namespace=storm-${randomUUID()}` };
    const first = await startTestApp({ env: redis });
    servers = [first, await startTestApp({ env: redis, sharedDatabaseUrl: first.databaseUrl })];
  });
  afterAll(async () => {
    for (const server of [...(servers ?? [])].reverse()) await server.close();
  });

  it('keeps every invariant of the race', async () => {
    const main = servers[0]!;
    const seller = await insertUser(main.ctx.db, { is_seller: true });
    // Increments between 1 and 500 pesos (money in centavos in the tables).
    const { auction, products } = await insertAuction(main.ctx.db, seller.id, {
      now: main.ctx.clock.now(),
      productCount: 1,
      minOffer: 100,
      maxOffer: 50_000,
    });
    const productId = products[0]!.id;
    const bidders = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const user = await insertUser(main.ctx.db);
        // Tokens as a login issues them (64 logins would only time the password hash).
        return { server: servers[i % servers.length]!, token: await issueSessionToken(main.ctx, user.id) };
      }),
    );
    const path = `/auctions/api/bids/ws/bids/${auction.id}/${productId}`;
    const watchers = await Promise.all(servers.map((s) => openSocket(wsUrl(s.url, path))));

    let known = 0; // the highest amount any client has seen accepted
    const answers: Array<{ id: number; amount: number }> = [];
    const statuses = new Map<number, number>();
    const randomBody = () => {
      const roll = Math.random();
      const base = { auction_id: auction.id, product_id: productId };
      const above = known + 1 + Math.floor(Math.random() * 500);
      if (roll < 0.55) return { ...base, amount: above };
      if (roll < 0.65)
        return { ...base, amount: above, max_amount: above + Math.floor(Math.random() * 2000) };
      if (roll < 0.75) return { ...base, amount: known }; // a tie with the top: too low
      if (roll < 0.82) return { ...base, amount: Math.max(0, known - 1 - Math.floor(Math.random() * 100)) };
      if (roll < 0.88) return { ...base, amount: known + 501 + Math.floor(Math.random() * 1000) }; // over the max step
      if (roll < 0.92) return { ...base, amount: above + 0.005 }; // more than two decimals
      if (roll < 0.96) return { ...base, amount: String(above) };
      return { ...base, amount: above, product_id: productId + 10_000 };
    };

    // The storm lasts STORM_MS, and on a starved machine longer, until enough bids were taken for
    // the invariants below to mean something (bounded, so a server taking none still ends it).
    const started = Date.now();
    const raging = () =>
      Date.now() < started + STORM_MS || (answers.length <= 20 && Date.now() < started + 4 * STORM_MS);
    await Promise.all(
      bidders.map(async ({ server, token }) => {
        while (raging()) {
          const res = await server.request('POST', '/api/bids/create-bid', { token, body: randomBody() });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) {
            answers.push({ id: res.body.id, amount: res.body.amount });
            known = Math.max(known, res.body.highest_bid);
          }
        }
      }),
    );

    const history = await main.ctx.db
      .selectFrom('bids')
      .select(['id', 'amount', 'user_id'])
      .where('auction_id', '=', auction.id)
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
    const race = await main.ctx.db
      .selectFrom('auction_products')
      .selectAll()
      .where('auction_id', '=', auction.id)
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    console.log(
      `bid storm: ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}; ${history.length} accepted`,
    );

    // No 5xx, and only the answers a bid can get.
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    for (const status of statuses.keys()) expect([201, 400, 404, 409]).toContain(status);
    expect(answers.length).toBeGreaterThan(20);

    // Accepted amounts strictly increase in accept order, so none is accepted twice.
    for (let i = 1; i < history.length; i++)
      expect(history[i]!.amount).toBeGreaterThan(history[i - 1]!.amount);
    // The race's highest bid is the largest accepted, by its bidder, and the count is exact.
    expect(race.highest_bid).toBe(history.at(-1)!.amount);
    expect(race.highest_bidder_id).toBe(history.at(-1)!.user_id);
    expect(race.bid_count).toBe(history.length);
    // Every 2xx answer's bid is in the history, at the amount the answer said.
    const byId = new Map(history.map((b) => [b.id, b.amount]));
    for (const answer of answers) expect(byId.get(answer.id)).toBe(Math.round(answer.amount * 100));

    // Every accepted bid (the bidders' and the automatic ones) reaches every watcher exactly once.
    for (const watcher of watchers) {
      await expect
        .poll(() => watcher.messages.length, { timeout: 10_000, interval: 100 })
        .toBeGreaterThanOrEqual(history.length);
      const ids = watcher.messages.map((m) => m.bid.id as number);
      expect(ids.length).toBe(history.length);
      expect(new Set(ids)).toEqual(new Set(history.map((b) => b.id)));
      await watcher.close();
    }
  }, 120_000);
});
