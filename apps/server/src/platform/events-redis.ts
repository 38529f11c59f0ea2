import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { createInProcessEventBus, type EventBus } from './events.ts';

/** Channels are prefixed with `{namespace}:` so several apps (or test runs) can share one Redis. */
export const DEFAULT_REDIS_NAMESPACE = 'coleccionables';

export interface RedisEventBusOptions {
  /** redis:// or rediss:// URL. A `namespace` query parameter overrides the channel namespace. */
  url: string;
  namespace?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type Handler = (payload: unknown) => void;

/**
 * The event bus of several server processes: Redis pub/sub (CONTRACT section 1, REDIS_URL).
 * One connection publishes, one subscribes (a subscribed Redis connection can do nothing else).
 * Local subscribers of a channel share one Redis SUBSCRIBE: the first one subscribes, the last one
 * to leave unsubscribes. Payloads travel as JSON, exactly like the in-process bus's copies.
 * Events are live updates over state that lives in the database, so a failed publish is logged,
 * never thrown at a request whose transaction has already committed.
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus {
  const { redisUrl, namespace } = splitNamespace(options.url, options.namespace);
  const prefix = `${namespace}:`;
  const log = options.log;
  const connection = {
    maxRetriesPerRequest: 3,
    // Reconnect with a growing pause; the subscriber re-subscribes to its channels by itself.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 5_000),
  };
  const publisher = new Redis(redisUrl, { ...connection, connectionName: `${namespace}-pub` });
  // No ready check on the subscriber: its INFO would be refused once the connection is in subscriber mode.
  const subscriber = new Redis(redisUrl, {
    ...connection,
    enableReadyCheck: false,
    connectionName: `${namespace}-sub`,
  });
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err) => log?.warn({ err, role }, 'redis event bus connection error'));
  }

  // channel → its local subscriptions (an object each, so one function subscribed twice counts twice).
  const subscriptions = new Map<string, Set<{ handler: Handler }>>();
  // channel → the SUBSCRIBE in flight (or done), which later local subscribers wait for as well.
  const ready = new Map<string, Promise<unknown>>();
  let closed = false;

  subscriber.on('message', (redisChannel: string, message: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    const local = subscriptions.get(redisChannel.slice(prefix.length));
    if (!local || local.size === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      log?.warn({ err, channel: redisChannel }, 'redis event bus: message is not JSON');
      return;
    }
    for (const subscription of [...local]) {
      try {
        subscription.handler(payload);
      } catch (err) {
        log?.error({ err, channel: redisChannel }, 'redis event bus: subscriber failed');
      }
    }
  });

  return {
    async publish(channel, payload) {
      if (closed) return;
      try {
        await publisher.publish(prefix + channel, JSON.stringify(payload));
      } catch (err) {
        log?.error({ err, channel }, 'redis event bus: publish failed');
      }
    },

    async subscribe(channel, handler) {
      if (closed) throw new Error('event bus closed');
      let local = subscriptions.get(channel);
      if (!local) {
        local = new Set();
        subscriptions.set(channel, local);
      }
      const subscription = { handler };
      local.add(subscription);
      // Commands on one connection run in order, so the SUBSCRIBE/UNSUBSCRIBE of one channel
      // are sent at the moment the count changes and Redis sees them in that order.
      if (local.size === 1) ready.set(channel, subscriber.subscribe(prefix + channel));
      try {
        await ready.get(channel);
      } catch (err) {
        local.delete(subscription);
        void release(channel, local);
        throw err;
      }
      let active = true;
      return async () => {
        if (!active) return;
        active = false;
        const current = subscriptions.get(channel);
        if (!current) return;
        current.delete(subscription);
        await release(channel, current);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      subscriptions.clear();
      ready.clear();
      await Promise.allSettled([quit(subscriber), quit(publisher)]);
    },
  };

  async function release(channel: string, local: Set<{ handler: Handler }>) {
    if (local.size > 0 || subscriptions.get(channel) !== local) return;
    subscriptions.delete(channel);
    ready.delete(channel);
    if (closed) return;
    try {
      await subscriber.unsubscribe(prefix + channel);
    } catch (err) {
      log?.warn({ err, channel }, 'redis event bus: unsubscribe failed');
    }
  }
}

async function quit(client: Redis): Promise<void> {
  try {
    if (client.status === 'end') return;
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/** Takes a `namespace` query parameter off the URL (ioredis would not know it). */
function splitNamespace(url: string, override?: string): { redisUrl: string; namespace: string } {
  const parsed = new URL(url);
  const fromUrl = parsed.searchParams.get('namespace');
  parsed.searchParams.delete('namespace');
  const namespace = override ?? (fromUrl || DEFAULT_REDIS_NAMESPACE);
  return { redisUrl: parsed.toString(), namespace };
}

/** Redis pub/sub when REDIS_URL is set (several processes), else the in-process bus. */
export function createEventBus(config: Pick<Config, 'REDIS_URL'>, log?: FastifyBaseLogger): EventBus {
  return config.REDIS_URL ? createRedisEventBus({ url: config.REDIS_URL, log }) : createInProcessEventBus();
}
