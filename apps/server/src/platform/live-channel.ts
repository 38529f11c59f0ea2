import type { WebSocket } from 'ws';
import type { EventBus } from './events.ts';

/** A ping every ~25 s; a connection that has not answered the previous one is dropped. */
const HEARTBEAT_MS = 25_000;

/**
 * A message as UTF-8 JSON, encoded once however many sockets it goes to: the buses hand the same
 * payload object to every local subscriber, so a bid watched by thousands is serialized once.
 */
const encodings = new WeakMap<object, Buffer>();
export function encoded(message: unknown): Buffer {
  if (typeof message !== 'object' || message === null) return Buffer.from(JSON.stringify(message));
  let buffer = encodings.get(message);
  if (!buffer) {
    buffer = Buffer.from(JSON.stringify(message));
    encodings.set(message, buffer);
  }
  return buffer;
}

/**
 * Pings the peer every `heartbeatMs` and drops it when it has not answered the previous ping;
 * any message from it also proves it alive. Returns the timer (cleared when the socket ends).
 */
export function keepAlive(socket: WebSocket, heartbeatMs = HEARTBEAT_MS): ReturnType<typeof setInterval> {
  let alive = true;
  socket.on('message', () => {
    alive = true;
  });
  socket.on('pong', () => {
    alive = true;
  });
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    try {
      socket.ping();
    } catch {
      socket.terminate();
    }
  }, heartbeatMs);
  heartbeat.unref();
  return heartbeat;
}

/**
 * Serves one event-bus channel on a WebSocket: every payload published on the channel is sent
 * as JSON (optionally transformed, e.g. to add a fresh unread count); dead peers are found by
 * heartbeats; the subscription ends with the socket.
 */
export async function serveChannel(
  socket: WebSocket,
  events: EventBus,
  channel: string,
  options: {
    heartbeatMs?: number;
    /** Turns one bus payload into the messages to send (default: the payload itself). */
    transform?: (payload: unknown) => Promise<unknown[]> | unknown[];
    /**
     * The first message, built once the subscription is in force: what it reads is at least as
     * new as anything the channel has not delivered. When it cannot be built the socket closes
     * (1011), so a client always starts from a greeting (its reconnect brings the next one).
     */
    greeting?: () => Promise<unknown>;
    onError?: (error: unknown) => void;
  } = {},
): Promise<void> {
  let closed = false;
  const send = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(encoded(message), { binary: false });
  };

  // Incoming messages are ignored, except that any traffic proves the peer alive.
  const heartbeat = keepAlive(socket, options.heartbeatMs);

  let unsubscribe: (() => Promise<void>) | undefined;
  let stopResync: (() => void) | undefined;
  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopResync?.();
    void unsubscribe?.().catch(options.onError);
  };
  socket.on('close', cleanup);
  socket.on('error', cleanup);

  unsubscribe = await events.subscribe(channel, (payload) => {
    if (!options.transform) {
      send(payload);
      return;
    }
    Promise.resolve(options.transform(payload))
      .then((messages) => {
        for (const message of messages) send(message);
      })
      .catch(options.onError);
  });
  // The socket may have closed while we subscribed.
  if (closed || socket.readyState !== socket.OPEN) {
    closed = false;
    cleanup();
    return;
  }
  if (options.greeting) {
    const greet = options.greeting;
    try {
      send(await greet());
    } catch (error) {
      options.onError?.(error);
      socket.close(1011, 'unavailable');
      return;
    }
    // Events published while the bus was away may be lost: a fresh greeting tells the client
    // where things stand, and it reloads what it missed.
    stopResync = events.onResubscribed?.(() => {
      greet().then(send, options.onError);
    });
    if (closed) stopResync?.();
  }
}
