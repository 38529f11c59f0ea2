import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CARD_UPDATE_INTERVAL_MS, liveChannels } from '@app/contracts';
import WebSocket from 'ws';
import { logIn, prepareBidRace } from '../lib/bid-fixture.ts';
import { settleDisk, withFreshDatabase } from '../lib/postgres.ts';
import { startServer } from '../lib/server.ts';
import { percentile, round } from '../lib/stats.ts';
import type { Arm } from '../types.ts';

/** Products on the list; each socket watches CARDS_PER_VIEWER consecutive ones (wrapping). */
const PRODUCTS = 32;
const CARDS_PER_VIEWER = 8;
const BIDS_PER_SECOND = 20;
/** p99 from commit to card update: the coalescing interval plus delivery. */
const GOAL_P99_MS = 1200;

interface Received {
  socket: number;
  data: WebSocket.RawData;
  at: number;
}

/**
 * `viewers` list pages: each opens the card prices socket and subscribes to its 8 cards, and the
 * call returns once every subscription is answered. Messages are kept raw with their receipt
 * time and parsed after the run (parsing as they come would delay the next receipt).
 */
async function openViewers(url: string, viewers: number, refs: (viewer: number) => unknown[]) {
  const received: Received[] = [];
  const sockets: WebSocket[] = [];
  for (let i = 0; i < viewers; i += 200) {
    const batch = Array.from({ length: Math.min(200, viewers - i) }, (_, j) => {
      const index = i + j;
      const socket = new WebSocket(url);
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', products: refs(index) })));
        socket.on('message', (data) => {
          received.push({ socket: index, data, at: Date.now() });
          // The answer to the subscription comes after the cards' first states.
          if (String(data).includes('"watching"')) resolve();
        });
      });
    });
    await Promise.all(batch);
  }
  return {
    close() {
      for (const socket of sockets) socket.terminate();
    },
    received,
  };
}

/** 2,000 list viewers watching 8 cards each while bids land on those products. */
async function listViewers(postgresUrl: string, viewers: number, seconds: number) {
  return withFreshDatabase(postgresUrl, async (databaseUrl) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cards-'));
    const race = await prepareBidRace({ databaseUrl, dataDir, bidders: 1, products: PRODUCTS });
    const server = await startServer({ databaseUrl, dataDir });
    try {
      const [token] = await logIn(server.url, race.emails);
      const productsOf = (viewer: number) =>
        Array.from({ length: CARDS_PER_VIEWER }, (_, k) => race.productIds[(viewer + k) % PRODUCTS]!);
      const wsUrl = server.url.replace(/^http/, 'ws') + liveChannels.auctionCards.url();
      const open = await openViewers(wsUrl, viewers, (viewer) =>
        productsOf(viewer).map((product_id) => ({ auction_id: race.auctionId, product_id })),
      );
      const subscribedAt = Date.now();

      // Bids at random products, some twice within a second (what the coalescing must carry).
      const bids: Array<{ productId: number; bidCount: number; committedAt: number }> = [];
      const amounts = new Map<number, number>();
      let attempted = 0;
      const deadline = Date.now() + seconds * 1000;
      while (Date.now() < deadline) {
        const productId = race.productIds[Math.floor(Math.random() * PRODUCTS)]!;
        const amount = (amounts.get(productId) ?? 100) + 10;
        amounts.set(productId, amount);
        attempted += 1;
        const res = await fetch(`${server.url}/api/bids/create-bid`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ auction_id: race.auctionId, product_id: productId, amount }),
        });
        if (res.status === 201) {
          const body = (await res.json()) as { bid_count: number; timestamp: string };
          bids.push({ productId, bidCount: body.bid_count, committedAt: Date.parse(body.timestamp) });
        } else await res.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 1000 / BIDS_PER_SECOND));
      }
      // The last bursts' updates wait out their interval.
      await new Promise((resolve) => setTimeout(resolve, CARD_UPDATE_INTERVAL_MS + 1000));
      open.close();

      // Each viewer's updates per product after the subscriptions, in order of receipt.
      const updates = new Map<string, Array<{ bidCount: number; at: number }>>();
      for (const { socket, data, at } of open.received) {
        if (at < subscribedAt) continue;
        const m = JSON.parse(String(data)) as { message: string; product_id: number; bid_count: number };
        if (m.message !== 'card') continue;
        const key = `${socket}:${m.product_id}`;
        const list = updates.get(key) ?? [];
        list.push({ bidCount: m.bid_count, at });
        updates.set(key, list);
      }
      const watchers = new Map<number, number[]>();
      for (let v = 0; v < viewers; v++) {
        for (const p of productsOf(v)) {
          const list = watchers.get(p) ?? [];
          list.push(v);
          watchers.set(p, list);
        }
      }
      // A bid reaches a card with the first update that counts it (a later state carries it).
      const latencies: number[] = [];
      let expected = 0;
      for (const bid of bids) {
        for (const viewer of watchers.get(bid.productId) ?? []) {
          expected += 1;
          const update = updates.get(`${viewer}:${bid.productId}`)?.find((u) => u.bidCount >= bid.bidCount);
          if (update) latencies.push(update.at - bid.committedAt);
        }
      }
      latencies.sort((a, b) => a - b);
      const messages = [...updates.values()].reduce((n, list) => n + list.length, 0);
      return {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        delivered: expected === 0 ? 0 : latencies.length / expected,
        bids: bids.length,
        refused: attempted - bids.length,
        messages,
      };
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

export const run: Arm = async (env) => {
  if (!env.postgresUrl) return [];
  const seconds = env.quick ? 4 : 10;
  const viewers = 2_000;
  await settleDisk(env.postgresUrl);
  const live = await listViewers(env.postgresUrl, viewers, seconds);
  return [
    {
      arm: `cards-${viewers}x${CARDS_PER_VIEWER}`,
      metric: `commit-to-card-update p99, ${viewers} list viewers x ${CARDS_PER_VIEWER} cards over ${PRODUCTS} products, ${BIDS_PER_SECOND} bids/s`,
      value: round(live.p99, 1),
      unit: 'ms',
      goal: `p99 <= ${GOAL_P99_MS} ms (the ${CARD_UPDATE_INTERVAL_MS} ms coalescing interval plus delivery), all delivered`,
      met: live.p99 <= GOAL_P99_MS && live.delivered >= 1,
      details: {
        p50_ms: round(live.p50, 1),
        delivered: round(live.delivered, 4),
        bids: live.bids,
        refused: live.refused,
        card_messages: live.messages,
      },
    },
  ];
};
