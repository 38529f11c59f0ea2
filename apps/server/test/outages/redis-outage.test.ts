import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotificationsSocket, openSocket, wsUrl } from '../factories/auctions.ts';
import { insertUserWithToken } from '../factories/users.ts';
import type { TestApp } from '../support/build-app.ts';
import { pause, postgresTarget, REDIS_TARGET, reachable, timed } from '../support/dependencies.ts';
import type { FaultProxy } from '../support/fault-proxy.ts';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes.ts';

// Two server processes (two app instances) on one PostgreSQL database, reaching Redis through a
// proxy that cuts or stalls it. Live events may be late while Redis is away; answers never are.
const ready = Boolean(postgresTarget()) && (await reachable(REDIS_TARGET));

describe.skipIf(!ready)('Redis outage (two app instances, PostgreSQL + Redis)', () => {
  let two: TwoProcesses;
  let proxy: FaultProxy;
  let a: TestApp;
  let b: TestApp;
  let bidders: { token: string }[];
  let auctionId: number;
  let productIds: number[];
  let amount = 100_000;

  beforeAll(async () => {
    two = await startTwoProcesses({ namespace: 'outage', productCount: 4 });
    ({ proxy, a, b, bidders, auctionId, productIds } = two);
  });

  afterAll(() => two?.close());

  /** Places the next higher bid on `productId` through `app`, alternating bidders. */
  async function bid(app: TestApp, productId: number) {
    amount += 10_000;
    const bidder = bidders[amount % 20_000 === 0 ? 0 : 1]!;
    const body = { auction_id: auctionId, product_id: productId, amount };
    const { value: res, ms } = await timed(() =>
      app.request('POST', '/api/bids/create-bid', { token: bidder.token, body }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as number, amount, ms };
  }

  async function history(productId: number): Promise<number[]> {
    const res = await b.request('GET', `/api/bids/get_bids_by_auction/${auctionId}/${productId}`, {
      token: bidders[0]!.token,
    });
    expect(res.status).toBe(200);
    return (res.body as { id: number }[]).map((x) => x.id);
  }

  /** A bid on `a` reaches a live socket served by `b` (retried: Redis may still be reconnecting). */
  async function liveDeliveryWorks(productId: number, withinMs: number) {
    const socket = await openSocket(wsUrl(b.url, `/auctions/api/bids/ws/bids/${auctionId}/${productId}`));
    try {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const placed = await bid(a, productId);
        try {
          const message = await socket.waitFor(
            (m) => m.message === 'new_bid' && m.bid.id === placed.id,
            1000,
          );
          expect(message.bid.amount).toBe(placed.amount);
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
      }
    } finally {
      await socket.close();
    }
  }

  it('delivers live bids between the two instances while Redis is fine', async () => {
    await liveDeliveryWorks(productIds[0]!, 5_000);
  });

  const described = { cut: 'cut', reset: 'resetting connections', stall: 'stalled' } as const;
  for (const fault of ['cut', 'reset', 'stall'] as const) {
    it(`answers bids as fast as usual while Redis is ${described[fault]}, keeps them all, and resumes live delivery after`, async () => {
      const productId = productIds[{ cut: 1, reset: 3, stall: 2 }[fault]]!;
      // A socket open before the outage: it must get live events again afterwards without reopening.
      const before = await openSocket(wsUrl(b.url, `/auctions/api/bids/ws/bids/${auctionId}/${productId}`));
      await expect
        .poll(async () => (await bid(a, productId)) && before.messages.length, { timeout: 5000 })
        .toBeGreaterThan(0);

      // Notification sockets open before the outage: a bidder's (outbid notices will be published
      // while Redis is away) and one of a user who logs out meanwhile.
      const inbox = await openNotificationsSocket(b.url, bidders[0]!.token);
      const leaving = await insertUserWithToken(a);
      const leavingInbox = await openNotificationsSocket(b.url, leaving.token);
      for (const socket of [inbox, leavingInbox]) await socket.waitFor((m) => m.message === 'unread_count');

      if (fault === 'cut') await proxy.cut();
      else if (fault === 'reset') proxy.reset();
      else proxy.stall();
      const placed: Array<{ id: number; amount: number; ms: number }> = [];
      try {
        for (let i = 0; i < 6; i += 1) placed.push(await bid(i % 2 === 0 ? a : b, productId));
        // Before the fix, each of these waited for Redis's retries: 11 to 40 s.
        for (const p of placed) expect(p.ms, `bid took ${p.ms} ms`).toBeLessThan(500);
        // A socket opened during the outage is accepted at once too.
        const { ms } = await timed(async () => {
          const during = await openSocket(
            wsUrl(a.url, `/auctions/api/bids/ws/bids/${auctionId}/${productId}`),
          );
          await during.close();
        });
        expect(ms).toBeLessThan(1000);
        // Every acknowledged bid is in the history, whichever instance answers.
        const ids = await history(productId);
        for (const p of placed) expect(ids).toContain(p.id);
        expect((await a.request('POST', '/api/users/logout', { token: leaving.token })).status).toBe(200);
        await pause(fault === 'stall' ? 6_000 : 500); // long enough for the health check to notice a stall
      } finally {
        await proxy.restore();
      }
      // The socket that stayed open learns of every bid placed meanwhile: each is delivered late,
      // or a fresh greeting counts them, which makes the client reload.
      const total = (await history(productId)).length;
      await expect
        .poll(
          () => {
            const delivered = new Set(
              before.messages.filter((m) => m.message === 'new_bid').map((m) => m.bid.id),
            );
            const recounted = before.greetings.slice(1).some((g) => g.bid_count >= total);
            return recounted || placed.every((p) => delivered.has(p.id));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      // The bidder's header count catches up (the notices arrive late, or a fresh count does),
      // and the socket of the account that logged out meanwhile is closed as unauthorized.
      const unread = await b.request('GET', '/api/notifications/totals_unread', { token: bidders[0]!.token });
      await expect
        .poll(() => inbox.messages.filter((m) => m.message === 'unread_count').at(-1)?.total, {
          timeout: 15_000,
        })
        .toBe(unread.body.total);
      expect(await leavingInbox.closed).toBe(4401);
      await inbox.close();
      // Live delivery resumes by itself: to a new socket, and to the one that stayed open.
      await liveDeliveryWorks(productId, 15_000);
      const last = await bid(a, productId);
      await before.waitFor((m) => m.message === 'new_bid' && m.bid.id === last.id, 10_000);
      await before.close();
    });
  }
});
