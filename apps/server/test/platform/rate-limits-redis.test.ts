import { randomUUID } from 'node:crypto';
import { commonMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { REDIS_TARGET, reachable, timed } from '../support/dependencies.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';

// The request limits counted in Redis (REDIS_URL): two app instances (two server processes) on one
// Redis share one budget per address; with Redis away or stalled, requests still answer at once.
const redisUp = await reachable(REDIS_TARGET);

const limited = { RATE_LIMIT: '1', TRUST_PROXY: '1' };
const search = (app: TestApp, address: string) =>
  app.request('GET', '/api/auctions/search/camaro', { headers: { 'x-forwarded-for': address } });

describe.skipIf(!redisUp)('request limits across processes (Redis)', () => {
  let a: TestApp & { databaseUrl?: string };
  let b: TestApp;

  beforeAll(async () => {
    // A namespace of our own: other runs on the same Redis never share our counters.
    const env = { ...limited, REDIS_URL: `redis://127.0.0.1:6379?namespace=limits-${randomUUID()}` };
    a = await startTestApp({ env });
    // On PostgreSQL the second instance shares the database too; the counters need only Redis.
    b = await startTestApp({ env, ...(a.databaseUrl ? { sharedDatabaseUrl: a.databaseUrl } : {}) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('two processes share one budget per address: 60 searches a minute in all, not 60 each', async () => {
    const statuses: number[] = [];
    // Alternating between the processes, as a load balancer would.
    for (let i = 0; i < 60; i += 1) statuses.push((await search(i % 2 === 0 ? a : b, '192.0.2.40')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const overA = await search(a, '192.0.2.40');
    const overB = await search(b, '192.0.2.40');
    expect([overA.status, overB.status]).toEqual([429, 429]);
    expect(overB.body).toEqual({ message: commonMessages.tooManyRequests, code: 'RATE_LIMITED' });
    // Another address has its own budget, on either process.
    expect((await search(b, '192.0.2.41')).status).toBe(200);
  });

  it('a burst at once through both processes lets exactly the budget through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => search(i % 2 === 0 ? a : b, '192.0.2.42')),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
  });
});

describe('request limits with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every count fails at once.
    t = await startTestApp({
      env: { ...limited, REDIS_URL: `redis://127.0.0.1:1?namespace=gone-${randomUUID()}` },
    });
  });
  afterAll(() => t?.close());

  it('requests answer at once, uncounted (fail open), instead of waiting for Redis or failing', async () => {
    for (let i = 0; i < 65; i += 1) {
      const { value, ms } = await timed(() => search(t, '192.0.2.50'));
      expect(value.status).toBe(200);
      expect(ms, `search took ${ms} ms`).toBeLessThan(1000);
    }
  });
});

describe.skipIf(!redisUp)('request limits with Redis stalled', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  beforeAll(async () => {
    proxy = await startFaultProxy(REDIS_TARGET);
    t = await startTestApp({
      env: { ...limited, REDIS_URL: `redis://127.0.0.1:${proxy.port}?namespace=stall-${randomUUID()}` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('counted while Redis answers; when it stops answering, each request still answers within 1 s', async () => {
    for (let i = 0; i < 5; i += 1) expect((await search(t, '192.0.2.60')).status).toBe(200);
    proxy.stall();
    try {
      for (let i = 0; i < 5; i += 1) {
        const { value, ms } = await timed(() => search(t, '192.0.2.60'));
        expect(value.status).toBe(200);
        expect(ms, `search took ${ms} ms`).toBeLessThan(1000);
      }
    } finally {
      await proxy.restore();
    }
  });
});
