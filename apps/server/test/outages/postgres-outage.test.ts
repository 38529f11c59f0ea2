import { commonMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../factories/auctions.ts';
import { insertUser, insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { pause, postgresTarget, timed } from '../support/dependencies.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';

// The server reaches PostgreSQL through a proxy that cuts or stalls it (what a restart, a failover
// or a network blip does). The embedded database is in-process and has no such outage.
const target = postgresTarget();

describe.skipIf(!target)('PostgreSQL outage', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  let bidders: { token: string }[];
  let auctionId: number;
  let productId: number;
  let amount = 100_000;

  beforeAll(async () => {
    proxy = await startFaultProxy(target!);
    t = await startTestApp({ connectThrough: (url) => proxy.url(url) });
    const seller = await insertUser(t.ctx.db, { is_seller: true });
    bidders = [await insertUserWithToken(t), await insertUserWithToken(t)];
    const { auction, products } = await insertAuction(t.ctx.db, seller.id, { now: t.ctx.clock.now() });
    auctionId = auction.id;
    productId = products[0]!.id;
  });
  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
  });

  const placeBid = (value: number, bidder = bidders[value % 20_000 === 0 ? 0 : 1]!) =>
    t.request('POST', '/api/bids/create-bid', {
      token: bidder.token,
      body: { auction_id: auctionId, product_id: productId, amount: value },
    });
  const nextBid = () => {
    amount += 10_000;
    return placeBid(amount);
  };
  async function history(): Promise<number[]> {
    const res = await t.request('GET', `/api/bids/get_bids_by_auction/${auctionId}/${productId}`, {
      token: bidders[0]!.token,
    });
    expect(res.status).toBe(200);
    return (res.body as { id: number }[]).map((b) => b.id);
  }

  /** Every kind of request answers 503 in Spanish within 2 s; health says which dependency fails. */
  async function expectPromptUnavailable() {
    const calls = [
      () => nextBid(),
      () => t.request('GET', '/api/categories'),
      () =>
        t.request('GET', `/api/bids/get_bids_by_auction/${auctionId}/${productId}`, {
          token: bidders[0]!.token,
        }),
      () =>
        t.request('POST', '/api/users/login', {
          body: { email: 'nadie@example.com', password: 'x'.repeat(10) },
        }),
    ];
    // Several at once too: a queue of requests waiting for the pool must not add up.
    const results = await Promise.all(calls.map((call) => timed(call)));
    for (const { value: res, ms } of results) {
      expect(ms, `answered after ${ms} ms`).toBeLessThan(2000);
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toEqual({ message: commonMessages.unavailable, code: 'SERVICE_UNAVAILABLE' });
    }
    const { value: health, ms } = await timed(() => t.request('GET', '/api/health'));
    expect(ms).toBeLessThan(2000);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
    expect(JSON.stringify(health.body)).not.toMatch(/127\.0\.0\.1|ECONN|postgres/i);
    // Alive all the same: a restart would not bring the database back.
    expect((await t.request('GET', '/api/health/live')).status).toBe(200);
  }

  async function expectRecovered() {
    await expect
      .poll(async () => (await t.request('GET', '/api/health')).status, { timeout: 10_000 })
      .toBe(200);
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    const res = await nextBid();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await history()).toContain(res.body.id);
  }

  it('works through the proxy', async () => {
    expect((await nextBid()).status).toBe(201);
  });

  it('cut: requests answer 503 within 2 s, the process survives, and it recovers by itself', async () => {
    await proxy.cut();
    try {
      await expectPromptUnavailable();
      await pause(300);
      await expectPromptUnavailable();
    } finally {
      await proxy.restore();
    }
    await expectRecovered();
  });

  it('stall: requests answer 503 within 2 s, and it recovers by itself', async () => {
    proxy.stall();
    try {
      await expectPromptUnavailable();
      await expectPromptUnavailable();
    } finally {
      await proxy.restore();
    }
    await expectRecovered();
  });

  it('never loses an acknowledged bid when the connection is cut in the middle of transactions', async () => {
    const answers: Promise<{ status: number; body: any }>[] = [];
    // Bids keep arriving every 25 ms; the cut lands while some are inside their transaction.
    for (let i = 0; i < 16; i += 1) {
      amount += 10_000;
      answers.push(placeBid(amount));
      if (i === 10) await proxy.cut();
      await pause(25);
    }
    const settled = await Promise.all(answers);
    await proxy.restore();
    for (const res of settled) expect([201, 400, 503], JSON.stringify(res.body)).toContain(res.status);
    const acknowledged = settled.filter((r) => r.status === 201).map((r) => r.body.id as number);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(settled.some((r) => r.status === 503)).toBe(true);
    await expect
      .poll(async () => (await t.request('GET', '/api/health')).status, { timeout: 10_000 })
      .toBe(200);
    const ids = await history();
    for (const id of acknowledged) expect(ids).toContain(id);
    await expectRecovered();
  });

  it('the job loop pauses while the database is away and resumes after', async () => {
    t.ctx.jobs.start(50);
    try {
      await expect.poll(() => t.ctx.jobs.stats().lastSuccessAt, { timeout: 5000 }).not.toBeNull();
      await proxy.cut();
      await expect.poll(() => t.ctx.jobs.stats().paused, { timeout: 5000 }).toBe(true);
      const failures = t.ctx.jobs.stats().failures;
      await pause(1000);
      // Backing off: a few attempts in a second, not one every 50 ms.
      expect(t.ctx.jobs.stats().failures - failures).toBeLessThan(6);
      await proxy.restore();
      const restoredAt = Date.now();
      await expect.poll(() => t.ctx.jobs.stats().paused, { timeout: 10_000 }).toBe(false);
      expect(t.ctx.jobs.stats().lastSuccessAt!).toBeGreaterThanOrEqual(restoredAt);
    } finally {
      await proxy.restore();
      await t.ctx.jobs.stop();
    }
  });
});
