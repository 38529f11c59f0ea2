import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { createInProcessEventBus, type EventBus, type EventBusStats } from './events.ts';
import { isDead, quit, splitNamespace, whenReady } from './redis-connection.ts';
import { createPublishQueue } from './redis-publish-queue.ts';

export interface RedisEventBusOptions {
  /** redis:// or rediss:// URL. A `namespace` query parameter overrides the channel namespace. */
  url: string;
  namespace?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** Events waiting for Redis beyond this many are dropped, oldest first (default 10,000). */
  maxQueued?: number;
  /** Events older than this when Redis could take them are dropped (default 60 s). */
  maxAgeMs?: number;
  /** How long one Redis command may take before it counts as failed (default 1 s). */
  commandTimeoutMs?: number;
  /** How often each connection proves Redis answers (default 5 s). */
  healthCheckMs?: number;
}

type Handler = (payload: unknown) => void;

/**
 * The event bus of several server processes: Redis pub/sub (REDIS_URL).
 * One connection publishes, one subscribes (a subscribed Redis connection can do nothing else).
 * Local subscribers of a channel share one Redis SUBSCRIBE: the first one subscribes, the last one
 * to leave unsubscribes. Payloads travel as JSON, exactly like the in-process bus's copies.
 *
 * Redis being slow or away must never hold a request: events are live updates over state that is
 * already committed in the database, and clients reload that state when their socket reconnects
 * or their page becomes visible. So `publish` only queues and returns at once; a background
 * drain sends the queue while Redis answers. The queue is bounded in length and in age; what does
 * not fit is dropped (oldest first, counted and logged), because a client that missed a live
 * event resynchronises anyway. No command waits in ioredis's offline queue, every command has a
 * timeout, and a connection that stops answering pings is dropped and reconnected, after which the
 * subscriber subscribes again to every channel that still has local subscribers.
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus & { stats(): EventBusStats } {
  const { redisUrl, namespace } = splitNamespace(options.url, options.namespace);
  const prefix = `${namespace}:`;
  const log = options.log;
  const commandTimeout = options.commandTimeoutMs ?? 1_000;
  const connection = {
    // Fail commands at once while disconnected instead of queueing them without bound.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout,
    connectTimeout: 2_000,
    keepAlive: 10_000,
    // Reconnect for ever with a growing pause (at most 2 s).
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
  };
  const lastError = new Map<string, string>();

  /** A connection with its handlers: made at start, and again when one has to be replaced. */
  function open(role: 'publisher' | 'subscriber'): Redis {
    const client =
      role === 'publisher'
        ? new Redis(redisUrl, {
            ...connection,
            connectionName: `${namespace}-pub`,
            // The ready check's INFO could wait on a stalled server with no timeout of its own.
            enableReadyCheck: false,
          })
        : // No ready check on the subscriber: its INFO would be refused once the connection is in
          // subscriber mode. Subscriptions are restored by us on every 'ready', from the channels
          // that still have local subscribers (ioredis's own resubscription would forget a
          // SUBSCRIBE that failed during an outage).
          new Redis(redisUrl, {
            ...connection,
            enableReadyCheck: false,
            autoResubscribe: false,
            connectionName: `${namespace}-sub`,
          });
    // Logged once per kind of failure, not once per reconnect attempt.
    client.on('error', (err: Error) => {
      if (lastError.get(role) === err.message) return;
      lastError.set(role, err.message);
      log?.warn({ err, role }, 'redis event bus connection error');
    });
    client.on('ready', () => {
      if (lastError.delete(role)) log?.info?.({ role }, 'redis event bus connection restored');
    });
    if (role === 'publisher') client.on('ready', () => void queue.drain());
    else {
      client.on('ready', () => void resubscribeAll());
      client.on('message', onMessage);
    }
    return client;
  }

  /** Drops a connection that is dead or does not answer and opens a fresh one in its place. */
  function replace(role: 'publisher' | 'subscriber') {
    if (closed) return;
    const old = role === 'publisher' ? publisher : subscriber;
    old.removeAllListeners();
    old.on('error', () => {});
    old.disconnect();
    if (role === 'publisher') publisher = open('publisher');
    else subscriber = open('subscriber');
  }

  // channel → its local subscriptions (an object each, so one function subscribed twice counts twice).
  const subscriptions = new Map<string, Set<{ handler: Handler }>>();
  // channel → the SUBSCRIBE in flight (or done), which later local subscribers wait for as well.
  const ready = new Map<string, Promise<unknown>>();
  let closed = false;

  const queue = createPublishQueue({
    publisher: () => publisher,
    onPublishFailed: () => {
      if (isDead(publisher)) replace('publisher');
    },
    maxQueued: options.maxQueued ?? 10_000,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    log,
  });
  const enqueue = (channel: string, payload: unknown, sent?: () => void) =>
    queue.enqueue(prefix + channel, payload, sent);

  // Told when the subscriptions are back after the subscriber lost its connection.
  const resubscribed = new Set<() => void>();
  let connectedBefore = false;
  // The subscriptions may not all be in place in Redis (the subscriber lost its connection, a
  // subscription was made while Redis was away, as at start-up, or a SUBSCRIBE failed), so the
  // listeners are owed a call once they are: messages sent meanwhile never arrived. While it is
  // due the bus does not count as connected.
  let resyncDue = false;

  async function resubscribeAll() {
    if (connectedBefore) resyncDue = true;
    connectedBefore = true;
    await subscribeAll();
  }

  /** SUBSCRIBE to every channel with local subscribers (again: Redis takes it as often as sent). */
  async function subscribeAll() {
    const names = [...subscriptions.keys()].map((c) => prefix + c);
    try {
      if (names.length > 0) await subscriber.subscribe(...names);
      if (!resyncDue) return;
      resyncDue = false;
      for (const listener of [...resubscribed]) {
        try {
          listener();
        } catch (err) {
          log?.error({ err }, 'redis event bus: resubscription listener failed');
        }
      }
    } catch (err) {
      resyncDue = true;
      log?.warn({ err }, 'redis event bus: resubscribe failed');
      // A dead connection is replaced now; one that does not answer, by the health check. Either
      // way its 'ready' comes back here.
      if (isDead(subscriber)) replace('subscriber');
    }
  }

  let publisher = open('publisher');
  let subscriber = open('subscriber');

  // A connection that stays open but stops answering (a paused or partitioned Redis) is only
  // noticed by asking: a ping that fails drops the connection, and ioredis reconnects.
  const healthCheck = setInterval(() => {
    for (const role of ['publisher', 'subscriber'] as const) {
      const client = role === 'publisher' ? publisher : subscriber;
      if (isDead(client)) {
        replace(role);
        continue;
      }
      if (client.status !== 'ready') continue;
      client
        .ping()
        // A SUBSCRIBE that timed out while Redis was stalled may or may not have been applied:
        // once Redis answers again, the subscriptions are sent again and the listeners told.
        .then(() => {
          if (role === 'subscriber' && resyncDue && client === subscriber) void subscribeAll();
        })
        .catch(() => {
          if (client === (role === 'publisher' ? publisher : subscriber)) replace(role);
        });
    }
  }, options.healthCheckMs ?? 5_000);
  healthCheck.unref();

  function onMessage(redisChannel: string, message: string) {
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
  }

  return {
    async publish(channel, payload) {
      enqueue(channel, payload);
    },

    delivered(channel, payload) {
      return new Promise<void>((resolve) => enqueue(channel, payload, resolve));
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
      // are sent at the moment the count changes and Redis sees them in that order. While Redis is
      // away the subscription is only local: the next 'ready' subscribes it (resubscribeAll).
      if (local.size === 1) {
        ready.set(
          channel,
          whenReady(subscriber, commandTimeout).then((isReady) => {
            if (!isReady) {
              resyncDue = true;
              return;
            }
            return subscriber.subscribe(prefix + channel).then(
              () => undefined,
              (err) => {
                resyncDue = true;
                log?.warn({ err, channel }, 'redis event bus: subscribe failed, retried on reconnect');
              },
            );
          }),
        );
      }
      await ready.get(channel);
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
      clearInterval(healthCheck);
      queue.close();
      subscriptions.clear();
      ready.clear();
      await Promise.allSettled([quit(subscriber), quit(publisher)]);
    },

    onResubscribed(listener) {
      resubscribed.add(listener);
      return () => resubscribed.delete(listener);
    },

    stats() {
      return {
        ...queue.stats(),
        connected: publisher.status === 'ready' && subscriber.status === 'ready' && !resyncDue,
      };
    },
  };

  async function release(channel: string, local: Set<{ handler: Handler }>) {
    if (local.size > 0 || subscriptions.get(channel) !== local) return;
    subscriptions.delete(channel);
    ready.delete(channel);
    if (closed || subscriber.status !== 'ready') return;
    try {
      await subscriber.unsubscribe(prefix + channel);
    } catch (err) {
      log?.warn({ err, channel }, 'redis event bus: unsubscribe failed');
    }
  }
}

/** Redis pub/sub when REDIS_URL is set (several processes), else the in-process bus. */
export function createEventBus(config: Pick<Config, 'REDIS_URL'>, log?: FastifyBaseLogger): EventBus {
  return config.REDIS_URL ? createRedisEventBus({ url: config.REDIS_URL, log }) : createInProcessEventBus();
}
