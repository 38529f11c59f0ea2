import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/build-app.ts';
import { postgresTarget, REDIS_TARGET, reachable } from '../support/dependencies.ts';
import type { FaultProxy } from '../support/fault-proxy.ts';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes.ts';

// Two server processes (two app instances) on one PostgreSQL database, on one Redis reached
// through a proxy that can cut it. Each trusts the bus's word that nothing changed for ten
// minutes (READ_CACHE_CONFIRM_MS), so an answer the other process's write changed can only turn
// fresh by the bus message, or by the counter check while the bus is away.
const ready = Boolean(postgresTarget()) && (await reachable(REDIS_TARGET));

/** How long a bus message may take here (it is a few milliseconds; the machine is shared). */
const BUS_DELAY_MS = 1_000;

describe.skipIf(!ready)('reads from memory across processes (PostgreSQL + Redis)', () => {
  let two: TwoProcesses;
  let proxy: FaultProxy;
  let a: TestApp;
  let b: TestApp;
  let bidders: { token: string }[];
  let auctionId: number;
  let productIds: number[];
  let amount = 1_000;

  beforeAll(async () => {
    two = await startTwoProcesses({
      namespace: 'reads',
      env: { READ_CACHE_CONFIRM_MS: '600000' },
      title: 'Entre procesos',
      productCount: 3,
    });
    ({ proxy, a, b, bidders, auctionId, productIds } = two);
  });

  afterAll(() => two?.close());

  /** The highest bid on a product's auction page as `app` answers it. */
  async function highest(app: TestApp, productId: number): Promise<number> {
    const res = await app.request('GET', `/api/auctions/get_auction_product_by_id/${productId}`, {
      token: bidders[0]!.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.products[0].highest_bid;
  }

  async function bid(app: TestApp, productId: number): Promise<number> {
    amount += 100;
    // Taking turns: each bid outbids the other bidder.
    const res = await app.request('POST', '/api/bids/create-bid', {
      token: bidders[(amount / 100) % 2]!.token,
      body: { auction_id: auctionId, product_id: productId, amount },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return amount;
  }

  /** The auction's title as `app`'s list shows it. */
  async function listedTitle(app: TestApp): Promise<string | undefined> {
    const res = await app.request('GET', '/api/auctions/list?page=1&size=50');
    expect(res.status).toBe(200);
    return res.body.items.find((x: { id: number }) => x.id === auctionId)?.title;
  }

  /** A write no server announces: seen only once the counter is read. */
  async function retitle(title: string) {
    await a.ctx.db.updateTable('auctions').set({ title }).where('id', '=', auctionId).execute();
  }

  const connected = (app: TestApp) => app.ctx.events.stats?.().connected;
  const waitConnected = (value: boolean) =>
    expect
      .poll(() => [connected(a), connected(b)], { timeout: 15_000, interval: 50 })
      .toEqual([value, value]);

  /** Waits for `app` to show `value`, and answers how long it took (ms). */
  async function seenWithin(read: () => Promise<unknown>, value: unknown): Promise<number> {
    const started = performance.now();
    await expect.poll(read, { timeout: 5_000, interval: 10 }).toBe(value);
    return performance.now() - started;
  }

  it('a write is fresh at once in its own process and within the bus delay in the other', async () => {
    const [p] = productIds;
    expect(await highest(a, p!)).toBe(0);
    expect(await highest(b, p!)).toBe(0);
    expect(await listedTitle(a)).toBe('Entre procesos');
    expect(await listedTitle(b)).toBe('Entre procesos');

    // Served from memory: a write that nobody announces stays unseen in both.
    await retitle('Título sin anunciar');
    expect(await listedTitle(a)).toBe('Entre procesos');
    expect(await listedTitle(b)).toBe('Entre procesos');

    const placed = await bid(a, p!);
    expect(await highest(a, p!)).toBe(placed);
    expect(await seenWithin(() => highest(b, p!), placed)).toBeLessThan(BUS_DELAY_MS);
    // The message says something changed; the counter says what: the title too.
    expect(await listedTitle(b)).toBe('Título sin anunciar');

    // And the other way round.
    const again = await bid(b, p!);
    expect(await highest(b, p!)).toBe(again);
    expect(await seenWithin(() => highest(a, p!), again)).toBeLessThan(BUS_DELAY_MS);
  });

  it('a client reads its own write on the other process right after the answer, without waiting', async () => {
    const [p] = productIds;
    // Both pages held in memory, then each write's answer is followed at once by a read on the
    // other process: the answer left only once the other process had been told.
    for (let i = 0; i < 6; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      await highest(reader, p!);
      await highest(reader, p!);
      const placed = await bid(writer, p!);
      expect(await highest(reader, p!)).toBe(placed);
    }
  });

  for (const fault of ['cut', 'reset'] as const) {
    it(`with Redis ${fault === 'cut' ? 'stopped' : 'unreachable'}, every read checks the counter: fresh at once everywhere; memory again once it is back`, async () => {
      const p = productIds[fault === 'cut' ? 1 : 2]!;
      expect(await highest(b, p)).toBe(0);
      expect(await highest(a, p)).toBe(0);

      if (fault === 'cut') await proxy.cut();
      else proxy.reset();
      await waitConnected(false);

      const placed = await bid(a, p);
      expect(await highest(b, p)).toBe(placed);
      await retitle(`Sin bus (${fault})`);
      expect(await listedTitle(b)).toBe(`Sin bus (${fault})`);
      expect(await listedTitle(a)).toBe(`Sin bus (${fault})`);

      await proxy.restore();
      await waitConnected(true);
      // The bus carries messages again once b has subscribed anew: a's next write reaches it.
      const later = await bid(a, p);
      expect(await seenWithin(() => highest(b, p), later)).toBeLessThan(BUS_DELAY_MS);
      // And answers are served from memory again.
      expect(await listedTitle(a)).toBe(`Sin bus (${fault})`);
      expect(await listedTitle(b)).toBe(`Sin bus (${fault})`);
      await retitle(`De vuelta (${fault})`);
      expect(await listedTitle(a)).toBe(`Sin bus (${fault})`);
      expect(await listedTitle(b)).toBe(`Sin bus (${fault})`);
      await bid(b, p);
      expect(await seenWithin(() => listedTitle(a), `De vuelta (${fault})`)).toBeLessThan(BUS_DELAY_MS);
    });
  }
});
