import { useCallback, useSyncExternalStore } from 'react';
import { type CardKey, cardKey } from './card-key.ts';

/** A product's race as its card shows it, live. */
export interface LiveCardState {
  price: number;
  bid_count: number;
  end_time: string | null;
}

type Socket = ReturnType<typeof import('./live-cards-socket.ts').openCardPrices>;

/** How long the socket stays open with no card on the page (a page change reuses it). */
const IDLE_CLOSE_MS = 5000;
/** Subscription changes are sent at most this often (the server takes a few messages a second). */
const FLUSH_MS = 100;

/**
 * The page's live card prices: one socket for every card, subscribed to the products of the
 * cards in view. Cards register their element and products; one IntersectionObserver decides
 * which are in view, and the products of those are what the socket watches. States are kept per
 * product, each with its own listeners, so an update renders only the cards showing it.
 */
const states = new Map<CardKey, LiveCardState>();
const stateListeners = new Map<CardKey, Set<() => void>>();
const confirmed = new Set<CardKey>();
const confirmedListeners = new Set<() => void>();
/** Registered card elements and their products; how many elements in view want each product. */
const cards = new Map<Element, { keys: CardKey[]; visible: boolean }>();
const inView = new Map<CardKey, number>();

let socket: Socket | null = null;
let loading: Promise<void> | null = null;
let observer: IntersectionObserver | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
/** Changes waiting for the next message to the server. */
let pendingWant = new Set<CardKey>();
let pendingUnwant = new Set<CardKey>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function notify(listeners: Set<() => void> | undefined) {
  if (listeners) for (const listener of listeners) listener();
}

function ensureSocket() {
  clearTimeout(idleTimer);
  if (socket || loading) return;
  loading = import('./live-cards-socket.ts')
    .then(({ openCardPrices }) => {
      loading = null;
      if (cards.size === 0) return;
      socket = openCardPrices({
        onCard: (message) => {
          const key = cardKey(message.auction_id, message.product_id);
          const current = states.get(key);
          // The same race seen later never has fewer bids: an older message loses.
          if (current && current.bid_count > message.bid_count) return;
          states.set(key, { price: message.price, bid_count: message.bid_count, end_time: message.end_time });
          notify(stateListeners.get(key));
        },
        onConfirmed: (key, watching) => {
          if (watching) confirmed.add(key);
          else confirmed.delete(key);
          notify(confirmedListeners);
        },
      });
      // What came into view while the socket's code loaded.
      socket.want([...inView.keys()]);
    })
    .catch(() => {
      loading = null;
    });
}

function flush() {
  flushTimer = undefined;
  if (!socket) return;
  if (pendingWant.size > 0) socket.want([...pendingWant]);
  if (pendingUnwant.size > 0) socket.unwant([...pendingUnwant]);
  pendingWant = new Set();
  pendingUnwant = new Set();
}

function change(keys: CardKey[], delta: 1 | -1) {
  const want: CardKey[] = [];
  const unwant: CardKey[] = [];
  for (const key of keys) {
    const count = (inView.get(key) ?? 0) + delta;
    if (count <= 0) {
      inView.delete(key);
      if (delta < 0) unwant.push(key);
    } else {
      inView.set(key, count);
      if (count === 1 && delta > 0) want.push(key);
    }
  }
  if (socket) {
    // Sent together at most every FLUSH_MS: scrolling moves many cards in and out of view per
    // frame, and a key that enters and leaves meanwhile is never sent at all.
    for (const key of want) if (!pendingUnwant.delete(key)) pendingWant.add(key);
    for (const key of unwant) if (!pendingWant.delete(key)) pendingUnwant.add(key);
    flushTimer ??= setTimeout(flush, FLUSH_MS);
    return;
  }
  if (want.length > 0) ensureSocket();
}

function observe(element: Element, keys: CardKey[]) {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const card = cards.get(entry.target);
      if (!card || card.visible === entry.isIntersecting) continue;
      card.visible = entry.isIntersecting;
      change(card.keys, card.visible ? 1 : -1);
    }
  });
  clearTimeout(idleTimer);
  cards.set(element, { keys, visible: false });
  observer.observe(element);
}

function unobserve(element: Element) {
  const card = cards.get(element);
  if (!card) return;
  cards.delete(element);
  observer?.unobserve(element);
  if (card.visible) change(card.keys, -1);
  if (cards.size === 0) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (cards.size > 0) return;
      socket?.close();
      socket = null;
      clearTimeout(flushTimer);
      flushTimer = undefined;
      pendingWant = new Set();
      pendingUnwant = new Set();
      confirmed.clear();
      notify(confirmedListeners);
    }, IDLE_CLOSE_MS);
  }
}

/**
 * Follows a card's products live while the card is in view: returns the ref to put on the card's
 * element, and whether the server has every one of its products in force ('on'), for tests and
 * styles (`data-live`).
 */
export function useLiveCard(products: Array<{ auctionId: number; productId: number }>) {
  const joined = products.map((p) => cardKey(p.auctionId, p.productId)).join(',');
  // The element is registered by the ref itself (its cleanup unregisters it, and a change of
  // products registers it again), not kept in state for an effect: setting state from a ref runs
  // in the commit, which made React render every card of a page again at once, synchronously,
  // right after the page's first render (100-200 ms at a phone's 4x slower CPU on Explorar).
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || !joined || typeof IntersectionObserver === 'undefined') return;
      observe(element, joined.split(','));
      return () => unobserve(element);
    },
    [joined],
  );
  const watching = useSyncExternalStore(
    subscribeConfirmed,
    () => joined !== '' && joined.split(',').every((key) => confirmed.has(key)),
    () => false,
  );
  return { ref, watching };
}

function listenTo(keys: CardKey[], listener: () => void) {
  for (const key of keys) {
    let set = stateListeners.get(key);
    if (!set) {
      set = new Set();
      stateListeners.set(key, set);
    }
    set.add(listener);
  }
  return () => {
    for (const key of keys) {
      const set = stateListeners.get(key);
      set?.delete(listener);
      if (set?.size === 0) stateListeners.delete(key);
    }
  };
}

function subscribeConfirmed(listener: () => void) {
  confirmedListeners.add(listener);
  return () => confirmedListeners.delete(listener);
}

/** A product's live state, once its card has been in view (undefined before). */
export function useLiveCardState(auctionId: number | null, productId: number): LiveCardState | undefined {
  const key = auctionId === null ? '' : cardKey(auctionId, productId);
  const subscribe = useCallback((listener: () => void) => listenTo([key], listener), [key]);
  return useSyncExternalStore(
    subscribe,
    () => states.get(key),
    () => undefined,
  );
}

/**
 * The latest effective end among some products of one auction (soft close moves a product's end
 * past the auction's), as an ISO string; `fallback` until a later one is known.
 */
export function useLiveLatestEnd(auctionId: number, productIds: number[], fallback: string | null) {
  const keys = productIds.map((id) => cardKey(auctionId, id)).join(',');
  const subscribe = useCallback(
    (listener: () => void) => listenTo(keys ? keys.split(',') : [], listener),
    [keys],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      let latest = fallback;
      for (const key of keys ? keys.split(',') : []) {
        const end = states.get(key)?.end_time;
        if (end && (latest === null || Date.parse(end) > Date.parse(latest))) latest = end;
      }
      return latest;
    },
    () => fallback,
  );
}
