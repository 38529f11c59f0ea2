import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface PublishQueueOptions {
  /** The publishing connection now (the bus replaces one that dies). */
  publisher: () => Redis;
  /** A publish failed: the bus replaces the connection if it is dead. */
  onPublishFailed: () => void;
  /** Events waiting for Redis beyond this many are dropped, oldest first. */
  maxQueued: number;
  /** Events older than this when Redis could take them are dropped. */
  maxAgeMs: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * The Redis event bus's outgoing events: `enqueue` returns at once and a background drain sends
 * the queue, in order, while Redis answers. Bounded in length and in age; what does not fit is
 * dropped, oldest first, counted and logged once per burst.
 */
export function createPublishQueue(options: PublishQueueOptions) {
  const { maxQueued, maxAgeMs, log } = options;
  const queue: { channel: string; message: string; at: number; sent?: () => void }[] = [];
  const stats = { published: 0, dropped: 0, queued: 0 };
  let draining = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let droppedSinceLog = 0;
  let lastError: string | undefined;

  function drop(count: number, reason: string) {
    stats.dropped += count;
    droppedSinceLog += count;
    // One line per burst of drops, not one per event.
    if (droppedSinceLog === count) log?.warn({ count, reason }, 'redis event bus: live events dropped');
  }

  function scheduleDrain(delayMs: number) {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void drain();
    }, delayMs);
    retryTimer.unref();
  }

  /** Queues one event for `channel` (the full Redis channel name); `sent` is called once Redis took it. */
  function enqueue(channel: string, payload: unknown, sent?: () => void) {
    if (closed) return;
    queue.push({ channel, message: JSON.stringify(payload), at: Date.now(), sent });
    if (queue.length > maxQueued) {
      const over = queue.length - maxQueued;
      queue.splice(0, over);
      drop(over, 'queue full');
    }
    stats.queued = queue.length;
    // Never awaited: the caller's answer does not wait for Redis.
    void drain();
  }

  async function drain(): Promise<void> {
    if (draining || closed) return;
    draining = true;
    try {
      while (queue.length > 0 && !closed) {
        const publisher = options.publisher();
        if (publisher.status !== 'ready') {
          scheduleDrain(250);
          return;
        }
        const cutoff = Date.now() - maxAgeMs;
        let stale = 0;
        while (queue.length > 0 && queue[0]!.at < cutoff) {
          queue.shift();
          stale += 1;
        }
        if (stale > 0) drop(stale, 'too old');
        // Up to 100 at a time, in order, on one connection (Redis keeps their order).
        const batch = queue.slice(0, 100);
        if (batch.length === 0) break;
        const results = await Promise.allSettled(
          batch.map((event) => publisher.publish(event.channel, event.message)),
        );
        const sent = results.findIndex((r) => r.status === 'rejected');
        const done = sent === -1 ? batch.length : sent;
        for (const event of queue.splice(0, done)) event.sent?.();
        stats.published += done;
        if (sent !== -1) {
          // Redis failed or stalled: keep the rest, in order, for when it answers again.
          const err = (results[sent] as PromiseRejectedResult).reason;
          if (lastError !== String(err?.message)) {
            lastError = String(err?.message);
            log?.warn({ err, queued: queue.length }, 'redis event bus: publish failed, will retry');
          }
          options.onPublishFailed();
          scheduleDrain(500);
          return;
        }
        if (lastError !== undefined) {
          lastError = undefined;
          log?.info?.({}, 'redis event bus: publishing again');
        }
        droppedSinceLog = 0;
      }
    } finally {
      draining = false;
      stats.queued = queue.length;
    }
  }

  return {
    enqueue,
    drain,
    /** What is still queued is dropped; nothing is sent after this. */
    close() {
      closed = true;
      clearTimeout(retryTimer);
      if (queue.length > 0) drop(queue.length, 'closing');
      queue.length = 0;
    },
    stats: () => ({ ...stats, queued: queue.length }),
  };
}
