import {
  CARD_SUBSCRIPTIONS_MAX,
  CARD_UPDATE_INTERVAL_MS,
  type CardPriceMessage,
  type CardRef,
  type NewBidMessage,
} from '@app/contracts';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../platform/context.ts';
import { channels } from '../../platform/events.ts';
import { encoded } from '../../platform/live-channel.ts';
import { readCardStates, type CardState as State } from './card-prices.repository.ts';
import { serveCardSocket } from './card-socket.ts';

/** A socket this far behind in writes skips updates (the next one carries the latest anyway). */
const BACKLOG_BYTES_MAX = 1024 * 1024;

/** One socket watching cards. */
interface Watcher {
  socket: WebSocket;
  keys: Set<string>;
}

/**
 * One product watched by some sockets of this process: one bus subscription and one update
 * timer however many sockets watch it, and each update encoded once for all of them.
 */
interface Entry {
  key: string;
  auctionId: number;
  productId: number;
  watchers: Set<Watcher>;
  /** The newest state known (the read after subscribing, then every bid on the bus). */
  state: State | null;
  /** Whether `state` is newer than what was last sent. */
  dirty: boolean;
  lastSentAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Resolves once the bus subscription is in force and the state read: false for no such race. */
  ready: Promise<boolean>;
  unsubscribe: Promise<(() => Promise<void>) | undefined>;
}

const keyOf = (ref: CardRef) => `${ref.auction_id}:${ref.product_id}`;

/** The newer of two states of one race: more bids, or the same count read later. */
function newer(current: State | null, next: State): boolean {
  return current === null || next.bid_count >= current.bid_count;
}

/**
 * Live prices for list pages: a socket subscribes to the products of the cards in view and gets
 * each one's race (price, bid count, effective end) at once, then after bids, at most once per
 * product per interval: the first bid after a quiet interval goes at once, later ones wait for the
 * interval's end and only the latest is sent, so the last of a burst is never lost.
 */
export function createCardPrices(ctx: AppContext) {
  const { db, events } = ctx;
  const entries = new Map<string, Entry>();

  function write(socket: WebSocket, buffer: Buffer) {
    if (socket.readyState !== socket.OPEN || socket.bufferedAmount > BACKLOG_BYTES_MAX) return;
    socket.send(buffer, { binary: false });
  }

  function messageOf(entry: Entry, state: State): CardPriceMessage {
    return { message: 'card', ...state, auction_id: entry.auctionId, product_id: entry.productId };
  }

  function flush(entry: Entry) {
    entry.timer = undefined;
    if (!entry.dirty || !entry.state) return;
    entry.dirty = false;
    entry.lastSentAt = performance.now();
    const buffer = encoded(messageOf(entry, entry.state));
    for (const watcher of entry.watchers) write(watcher.socket, buffer);
  }

  function update(entry: Entry, state: State) {
    if (!newer(entry.state, state)) return;
    entry.state = state;
    entry.dirty = true;
    if (entry.timer) return;
    const wait = entry.lastSentAt + CARD_UPDATE_INTERVAL_MS - performance.now();
    if (wait <= 0) flush(entry);
    else {
      entry.timer = setTimeout(() => flush(entry), wait);
      entry.timer.unref();
    }
  }

  function onBid(entry: Entry, payload: unknown) {
    const message = payload as Partial<NewBidMessage> | null;
    if (message?.message !== 'new_bid' || typeof message.highest_bid !== 'number') return;
    update(entry, {
      auction_id: entry.auctionId,
      product_id: entry.productId,
      price: message.highest_bid,
      highest_bid: message.highest_bid,
      bid_count: message.bid_count ?? 0,
      end_time: message.end_time ?? null,
    });
  }

  function drop(entry: Entry) {
    if (entries.get(entry.key) !== entry) return;
    entries.delete(entry.key);
    clearTimeout(entry.timer);
    void entry.unsubscribe
      .then((stop) => stop?.())
      .catch((err) => ctx.log.warn({ err }, 'card unsubscribe failed'));
  }

  /**
   * Entries for `refs` not watched yet in this process: each subscribed on the bus, then all of
   * them read in one query once every subscription is in force (so no bid falls between).
   */
  function open(refs: CardRef[]): Entry[] {
    const created: Entry[] = [];
    let settle!: (states: Map<string, State> | null) => void;
    const read = new Promise<Map<string, State> | null>((resolve) => {
      settle = resolve;
    });
    for (const ref of refs) {
      const key = keyOf(ref);
      const entry: Entry = {
        key,
        auctionId: ref.auction_id,
        productId: ref.product_id,
        watchers: new Set(),
        state: null,
        dirty: false,
        lastSentAt: Number.NEGATIVE_INFINITY,
        timer: undefined,
        ready: read.then((states) => {
          const state = states?.get(key);
          if (!state) {
            drop(entry);
            return false;
          }
          // A bid may have come on the bus while reading: the newer state wins.
          if (newer(entry.state, state)) entry.state = state;
          return true;
        }),
        unsubscribe: events
          .subscribe(channels.productBids(ref.auction_id, ref.product_id), (payload) => onBid(entry, payload))
          .catch((err) => {
            ctx.log.warn({ err }, 'card subscribe failed');
            return undefined;
          }),
      };
      entries.set(key, entry);
      created.push(entry);
    }
    if (created.length > 0) {
      Promise.all(created.map((e) => e.unsubscribe))
        .then(() => readCardStates(db, refs))
        .then(settle, (err) => {
          ctx.log.warn({ err }, 'card prices read failed');
          settle(null);
        });
    }
    return created;
  }

  // Events published while the bus was away may be lost: every watched product is read again.
  events.onResubscribed?.(() => {
    const watched = [...entries.values()];
    readCardStates(
      db,
      watched.map((e) => ({ auction_id: e.auctionId, product_id: e.productId })),
    )
      .then((states) => {
        for (const entry of watched) {
          const state = states.get(entry.key);
          if (state && entries.get(entry.key) === entry) update(entry, state);
        }
      })
      .catch((err) => ctx.log.warn({ err }, 'card prices resync failed'));
  });

  async function subscribe(watcher: Watcher, refs: CardRef[]) {
    const wanted: CardRef[] = [];
    // Subscribing again to a product already watched sends its state again (a client back from
    // sleep asks for what it may have missed).
    const again = new Set<string>();
    for (const ref of refs) {
      const key = keyOf(ref);
      if (watcher.keys.has(key)) again.add(key);
      if (watcher.keys.has(key) || wanted.some((w) => keyOf(w) === key)) continue;
      if (watcher.keys.size + wanted.length >= CARD_SUBSCRIPTIONS_MAX) continue;
      wanted.push(ref);
    }
    open(wanted.filter((ref) => !entries.has(keyOf(ref))));
    const joined = wanted.map((ref) => entries.get(keyOf(ref))!);
    for (const entry of joined) {
      watcher.keys.add(entry.key);
      entry.watchers.add(watcher);
    }
    for (const key of again) {
      const entry = entries.get(key);
      if (entry) joined.push(entry);
    }
    const found = await Promise.all(joined.map((entry) => entry.ready));
    joined.forEach((entry, i) => {
      if (!found[i]) {
        if (!entry.watchers.has(watcher)) return;
        watcher.keys.delete(entry.key);
        entry.watchers.delete(watcher);
        return;
      }
      // Still watched (the socket may have let go meanwhile): the first message is the state now.
      if (entry.watchers.has(watcher) && entry.state)
        write(watcher.socket, encoded(messageOf(entry, entry.state)));
    });
  }

  function unsubscribe(watcher: Watcher, keys: Iterable<string>) {
    for (const key of keys) {
      if (!watcher.keys.delete(key)) continue;
      const entry = entries.get(key);
      if (!entry) continue;
      entry.watchers.delete(watcher);
      if (entry.watchers.size === 0) drop(entry);
    }
  }

  return {
    /** Serves one socket until it closes. */
    serve(socket: WebSocket, onError: (error: unknown) => void) {
      const watcher: Watcher = { socket, keys: new Set() };
      serveCardSocket(
        socket,
        {
          subscribe: (refs) => subscribe(watcher, refs),
          unsubscribe: (refs) => unsubscribe(watcher, refs.map(keyOf)),
          count: () => watcher.keys.size,
          close: () => unsubscribe(watcher, [...watcher.keys]),
        },
        (buffer) => write(socket, buffer),
        onError,
      );
    },
  };
}
