import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../src/platform/events.ts';
import { createEventBus, createRedisEventBus } from '../../src/platform/events-redis.ts';
import { insertAuction, openSocket } from '../factories/auctions.ts';
import { insertUser, insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { testDatabaseKind } from '../support/database.ts';
import { REDIS_TARGET } from '../support/dependencies.ts';
import { startFaultProxy } from '../support/fault-proxy.ts';

const REDIS = 'redis://127.0.0.1:6379';

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const reachable = await redisReachable();

/** Resolves with the payloads a subscriber got once `count` arrived, or what it had after `ms`. */
function collector() {
  const received: unknown[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    received,
    handler(payload: unknown) {
      received.push(payload);
      for (const w of waiters) if (received.length >= w.count) w.resolve();
    },
    async waitFor(count: number, ms = 3000) {
      if (received.length < count) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      }
      return received;
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createEventBus', () => {
  it('is the in-process bus without REDIS_URL', async () => {
    const bus = createEventBus({ REDIS_URL: undefined });
    const got = collector();
    await bus.subscribe('c', (p) => got.handler(p));
    await bus.publish('c', { a: 1 });
    expect(await got.waitFor(1)).toEqual([{ a: 1 }]);
    await bus.close();
  });
});

describe.skipIf(!reachable)('Redis event bus (REDIS_URL)', () => {
  // A namespace of our own: other test files and runs on the same Redis never see our channels.
  const namespace = `test-${randomUUID()}`;
  const url = `${REDIS}?namespace=${namespace}`;
  let a: TestApp;
  let b: TestApp;
  let admin: Redis;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestApp({ env: { REDIS_URL: url } }),
      startTestApp({ env: { REDIS_URL: url } }),
    ]);
    admin = new Redis(REDIS);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    admin?.disconnect();
  });

  const subscribers = async (channel: string) => {
    const [, count] = (await admin.pubsub('NUMSUB', `${namespace}:${channel}`)) as [string, number];
    return Number(count);
  };

  it('delivers what one server process publishes to the subscribers of another', async () => {
    const onB = collector();
    const onA = collector();
    const stopB = await b.ctx.events.subscribe('bids:1:2', (p) => onB.handler(p));
    const stopA = await a.ctx.events.subscribe('bids:1:2', (p) => onA.handler(p));
    const message = {
      message: 'new_bid',
      bid: { id: 7, amount: 150000, timestamp: '2026-11-22T10:00:00.000Z' },
    };
    await a.ctx.events.publish('bids:1:2', message);
    expect(await onB.waitFor(1)).toEqual([message]);
    expect(await onA.waitFor(1)).toEqual([message]);
    await b.ctx.events.publish('bids:1:2', { n: 2 });
    expect(await onA.waitFor(2)).toEqual([message, { n: 2 }]);
    await stopA();
    await stopB();
  });

  it('a bid accepted by one server process reaches the live channel served by another', async () => {
    // Every subscriber gets every accepted bid, whichever process took it.
    const seller = await insertUser(a.ctx.db, { is_seller: true });
    const { token } = await insertUserWithToken(a);
    const { auction, products } = await insertAuction(a.ctx.db, seller.id, { now: a.ctx.clock.now() });
    const product = products[0]!;
    const path = `/auctions/api/bids/ws/bids/${auction.id}/${product.id}`;
    const onB = await openSocket(`${b.url.replace('http', 'ws')}${path}`);
    const onA = await openSocket(`${a.url.replace('http', 'ws')}${path}`);
    try {
      await expect.poll(() => subscribers(`bids:${auction.id}:${product.id}`)).toBe(2);
      const res = await a.request('POST', '/api/bids/create-bid', {
        token,
        body: { auction_id: auction.id, product_id: product.id, amount: 150_000 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      for (const socket of [onB, onA]) {
        const message = await socket.waitFor((m) => m.message === 'new_bid');
        expect(message.bid).toMatchObject({ id: res.body.id, amount: 150_000 });
      }
    } finally {
      onA.close();
      onB.close();
    }
  });

  // Two processes on one database: PostgreSQL only (an embedded database has one process).
  it.skipIf(testDatabaseKind() !== 'postgres')(
    'a card price socket on one process follows bids taken by another, and lets go when unsubscribed',
    async () => {
      const first = await startTestApp({ env: { REDIS_URL: url } });
      const second = await startTestApp({ env: { REDIS_URL: url }, sharedDatabaseUrl: first.databaseUrl });
      const seller = await insertUser(first.ctx.db, { is_seller: true });
      const { token } = await insertUserWithToken(first);
      const { auction, products } = await insertAuction(first.ctx.db, seller.id, {
        now: first.ctx.clock.now(),
      });
      const [p1, p2] = [products[0]!.id, products[1]!.id];
      const refs = [p1, p2].map((product_id) => ({ auction_id: auction.id, product_id }));
      const cards = await openSocket(`${second.url.replace('http', 'ws')}/auctions/api/bids/ws/cards`);
      const bid = async (productId: number, amount: number) => {
        const res = await first.request('POST', '/api/bids/create-bid', {
          token,
          body: { auction_id: auction.id, product_id: productId, amount },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      };
      try {
        cards.socket.send(JSON.stringify({ type: 'subscribe', products: refs }));
        await cards.waitFor((m) => m.message === 'watching' && m.count === 2);
        // One Redis subscription per product for the whole process, however many sockets watch.
        expect(await subscribers(`bids:${auction.id}:${p1}`)).toBe(1);
        await bid(p1, 1000);
        await cards.waitFor((m) => m.message === 'card' && m.product_id === p1 && m.price === 1000);

        cards.socket.send(JSON.stringify({ type: 'unsubscribe', products: [refs[0]] }));
        await cards.waitFor((m) => m.message === 'watching' && m.count === 1);
        await expect.poll(() => subscribers(`bids:${auction.id}:${p1}`)).toBe(0);
        await bid(p1, 2000);
        await bid(p2, 3000);
        await cards.waitFor((m) => m.message === 'card' && m.product_id === p2 && m.price === 3000);
        expect(cards.messages.filter((m) => m.message === 'card' && m.price === 2000)).toEqual([]);
      } finally {
        cards.close();
        await second.close();
        await first.close();
      }
    },
  );

  it('sends JSON: what arrives is a plain copy, as with the in-process bus', async () => {
    const got = collector();
    const stop = await b.ctx.events.subscribe('json', (p) => got.handler(p));
    await a.ctx.events.publish('json', { when: new Date('2026-11-22T10:00:00Z'), skip: undefined, n: 1.5 });
    expect(await got.waitFor(1)).toEqual([{ when: '2026-11-22T10:00:00.000Z', n: 1.5 }]);
    await stop();
  });

  it('keeps channels apart', async () => {
    const one = collector();
    const two = collector();
    const stopOne = await b.ctx.events.subscribe('notifications:1', (p) => one.handler(p));
    const stopTwo = await b.ctx.events.subscribe('notifications:2', (p) => two.handler(p));
    await a.ctx.events.publish('notifications:2', { to: 2 });
    expect(await two.waitFor(1)).toEqual([{ to: 2 }]);
    await pause(150);
    expect(one.received).toEqual([]);
    await stopOne();
    await stopTwo();
  });

  it('shares one Redis subscription among the local subscribers of a channel', async () => {
    const first = collector();
    const second = collector();
    const stopFirst = await b.ctx.events.subscribe('shared', (p) => first.handler(p));
    const stopSecond = await b.ctx.events.subscribe('shared', (p) => second.handler(p));
    expect(await subscribers('shared')).toBe(1);

    await a.ctx.events.publish('shared', { n: 1 });
    expect(await first.waitFor(1)).toEqual([{ n: 1 }]);
    expect(await second.waitFor(1)).toEqual([{ n: 1 }]);

    // The first one leaves: the Redis subscription stays for the second.
    await stopFirst();
    expect(await subscribers('shared')).toBe(1);
    await a.ctx.events.publish('shared', { n: 2 });
    expect(await second.waitFor(2)).toEqual([{ n: 1 }, { n: 2 }]);
    await pause(150);
    expect(first.received).toEqual([{ n: 1 }]);

    // The last one leaves: Redis unsubscribes, nothing more is delivered.
    await stopSecond();
    expect(await subscribers('shared')).toBe(0);
    await a.ctx.events.publish('shared', { n: 3 });
    await pause(200);
    expect(second.received).toEqual([{ n: 1 }, { n: 2 }]);
    await stopSecond(); // a second call does nothing
  });

  it('counts the same function subscribed twice as two subscriptions', async () => {
    const got = collector();
    const handler = (p: unknown) => got.handler(p);
    const stop1 = await b.ctx.events.subscribe('twice', handler);
    const stop2 = await b.ctx.events.subscribe('twice', handler);
    await a.ctx.events.publish('twice', 1);
    expect(await got.waitFor(2)).toEqual([1, 1]);
    await stop1();
    await a.ctx.events.publish('twice', 2);
    expect(await got.waitFor(3)).toEqual([1, 1, 2]);
    await stop2();
    expect(await subscribers('twice')).toBe(0);
  });

  it('survives quick subscribe/unsubscribe churn and ends subscribed when a subscriber remains', async () => {
    const got = collector();
    const stops = [];
    for (let i = 0; i < 20; i += 1) {
      const stop = await b.ctx.events.subscribe('churn', () => {});
      stops.push(stop());
    }
    await Promise.all(stops);
    const stop = await b.ctx.events.subscribe('churn', (p) => got.handler(p));
    await a.ctx.events.publish('churn', 'ok');
    expect(await got.waitFor(1)).toEqual(['ok']);
    expect(await subscribers('churn')).toBe(1);
    await stop();
  });

  it('keeps delivering to other subscribers when one handler throws', async () => {
    const got = collector();
    const stopBad = await b.ctx.events.subscribe('faulty', () => {
      throw new Error('boom');
    });
    const stopGood = await b.ctx.events.subscribe('faulty', (p) => got.handler(p));
    await a.ctx.events.publish('faulty', 'still here');
    expect(await got.waitFor(1)).toEqual(['still here']);
    await stopBad();
    await stopGood();
  });

  it('does not hear another namespace on the same Redis', async () => {
    const other = createRedisEventBus({ url: REDIS, namespace: `other-${randomUUID()}` });
    const got = collector();
    const stop = await b.ctx.events.subscribe('isolated', (p) => got.handler(p));
    await other.publish('isolated', 'intruder');
    await pause(200);
    expect(got.received).toEqual([]);
    await stop();
    await other.close();
  });

  it('close ends both connections and further publishing is a no-op', async () => {
    const bus: EventBus = createRedisEventBus({ url });
    await bus.subscribe('closing', () => {});
    const name = (await admin.client('LIST')) as string;
    expect(name).toContain(`name=${namespace}-sub`);
    const before = (name.match(new RegExp(`name=${namespace}-`, 'g')) ?? []).length;
    await bus.close();
    await pause(100);
    const after = ((await admin.client('LIST')) as string).match(new RegExp(`name=${namespace}-`, 'g')) ?? [];
    // The two test apps keep their 4 connections; this bus's 2 are gone.
    expect(after.length).toBe(before - 2);
    await expect(bus.publish('closing', 'late')).resolves.toBeUndefined();
    await expect(bus.subscribe('closing', () => {})).rejects.toThrow();
    await bus.close(); // twice is fine
  });
});

// Two processes on one PostgreSQL database and one Redis: each caches token versions.
describe.skipIf(!reachable || testDatabaseKind() !== 'postgres')('ended sessions across processes', () => {
  const url = `${REDIS}?namespace=test-${randomUUID()}`;
  let a: TestApp & { databaseUrl?: string };
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp({ env: { REDIS_URL: url } });
    b = await startTestApp({ env: { REDIS_URL: url }, sharedDatabaseUrl: a.databaseUrl });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout in one process ends the token in the other, which had it cached', async () => {
    const { token } = await insertUserWithToken(a);
    const me = (app: TestApp) => app.request('GET', '/api/users/profile', { token });
    expect((await me(b)).status).toBe(200); // b now trusts the token's version for a while
    expect((await a.request('POST', '/api/users/logout', { token })).status).toBe(200);
    expect((await me(a)).status).toBe(401);
    // Well inside the cache time: only the event can have told b.
    await expect.poll(async () => (await me(b)).status, { timeout: 2000, interval: 50 }).toBe(401);
  });
});

describe.skipIf(!reachable)('Redis event bus started while Redis is away', () => {
  it('is not connected until its subscriptions are in place, then tells its listeners once', async () => {
    const proxy = await startFaultProxy(REDIS_TARGET);
    await proxy.cut();
    const url = `redis://127.0.0.1:${proxy.port}`;
    const bus = createRedisEventBus({ url, namespace: `down-${randomUUID()}` });
    try {
      const got = collector();
      let told = 0;
      bus.onResubscribed?.(() => {
        told += 1;
      });
      await bus.subscribe('c', (p) => got.handler(p));
      expect(bus.stats().connected).toBe(false);

      await proxy.restore();
      await expect.poll(() => bus.stats().connected, { timeout: 15_000, interval: 50 }).toBe(true);
      // Connected means subscribed: the first message after it arrives, and the listeners were
      // told that anything before it may have been missed.
      expect(told).toBe(1);
      await bus.publish('c', { n: 1 });
      expect(await got.waitFor(1)).toEqual([{ n: 1 }]);
    } finally {
      await bus.close();
      await proxy.close();
    }
  });
});
