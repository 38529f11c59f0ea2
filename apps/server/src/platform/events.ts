import { EventEmitter } from 'node:events';

/**
 * Live events between server processes. Kept narrow on purpose so the Redis implementation
 * (for several processes) and the in-process one (default) are interchangeable.
 * Publish only after the transaction that produced the event has committed.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
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

/**
 * Published on a user's notifications channel when their tokens were ended (logout, password
 * change): each open socket of that user checks its own token again, in whichever process holds it.
 */
export const SESSIONS_ENDED = 'sessions_ended';

/** Channel names, in one place so publishers and subscribers agree. */
export const channels = {
  productBids: (auctionId: number, productId: number) => `bids:${auctionId}:${productId}`,
  userNotifications: (userId: number) => `notifications:${userId}`,
};
