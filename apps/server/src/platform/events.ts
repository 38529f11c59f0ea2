import { EventEmitter } from 'node:events';

/**
 * Live events between server processes. Kept narrow on purpose so the Redis implementation
 * (for several processes) and the in-process one (default) are interchangeable.
 * Publish only after the transaction that produced the event has committed. Publishing never
 * waits for delivery (it returns at once): a live event must not hold the answer to a request.
 */
export interface EventBus {
  /** Every subscriber lives in this process (the in-process bus): nobody else needs telling. */
  readonly local?: boolean;
  publish(channel: string, payload: unknown): Promise<void>;
  /**
   * Resolves once the event has reached the bus (Redis has handed it to every subscribed
   * process), never rejects, and may never resolve if the event is given up: wait on it only
   * with a timeout. (Without it, `publish` is all there is.)
   */
  delivered?(channel: string, payload: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Counts for metrics: events handed over, given up (Redis away too long), waiting. */
  stats?(): EventBusStats;
  /**
   * Calls `listener` each time the bus is subscribed again after losing its connection: events
   * published meanwhile may never arrive, so whoever relays them tells their clients to reload.
   * Returns a function that stops the calls. (The in-process bus never loses anything.)
   */
  onResubscribed?(listener: () => void): () => void;
}

export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    local: true,
    async publish(channel, payload) {
      // A round trip through JSON so subscribers see exactly what a Redis subscriber would.
      const copy = JSON.parse(JSON.stringify(payload));
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** What a bus did with the events handed to it, for health, logs and metrics. */
export interface EventBusStats {
  published: number;
  /** Given up: the queue was full or the event grew too old while Redis was away. */
  dropped: number;
  queued: number;
  /** Both Redis connections are up (always true in process). */
  connected: boolean;
}

/**
 * Published on a user's notifications channel when one or all of their sessions were ended (logout,
 * logout everywhere, password change): each open socket of that user checks its own token again,
 * in whichever process holds it, and only those of an ended session close.
 */
export const SESSIONS_ENDED = 'sessions_ended';

/** Channel names, in one place so publishers and subscribers agree. */
export const channels = {
  productBids: (auctionId: number, productId: number) => `bids:${auctionId}:${productId}`,
  userNotifications: (userId: number) => `notifications:${userId}`,
  /** `{ user_id }`: one or all of that account's sessions ended; every process drops its cached answer. */
  sessionsEnded: 'sessions:ended',
  /**
   * `{ races: [{ auction_id, product_id }] }`: races rewritten outside a bid decision (bids
   * voided), whose highest bid may have gone down; every process forgets what it remembered.
   */
  racesRewritten: 'races:rewritten',
};
