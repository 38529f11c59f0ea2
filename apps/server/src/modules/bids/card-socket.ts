import {
  CARD_SUBSCRIPTIONS_MAX,
  type CardRef,
  CardsClientMessageSchema,
  type CardsWatchingMessage,
} from '@app/contracts';
import type { WebSocket } from 'ws';
import { encoded, keepAlive } from '../../platform/live-channel.ts';

/** A client message longer than this is hostile (the largest real one is about 5 KB). */
const MESSAGE_BYTES_MAX = 8 * 1024;
/**
 * Client messages per second a socket may send: the web client sends at most ten (its changes
 * are gathered every 100 ms); more is a flood, which closes the socket (each message may cost a
 * bus subscription and a database read per product).
 */
const MESSAGES_PER_SECOND_MAX = 20;

/** What a card socket asks of the shared card prices, for the one watcher it serves. */
interface CardWatcher {
  subscribe(refs: CardRef[]): Promise<void>;
  unsubscribe(refs: CardRef[]): void;
  /** How many products it watches now. */
  count(): number;
  /** The socket closed: it watches nothing any more. */
  close(): void;
}

/**
 * The card socket's protocol: each client message checked (size, rate, shape) and applied in
 * order, each answered with how many products the socket watches; a hostile client is closed.
 */
export function serveCardSocket(
  socket: WebSocket,
  watcher: CardWatcher,
  write: (buffer: Buffer) => void,
  onError: (error: unknown) => void,
) {
  const heartbeat = keepAlive(socket);
  let windowStart = 0;
  let inWindow = 0;
  // Applied one after another, so a socket's `watching` answers follow its messages' order.
  let chain = Promise.resolve();

  const refuse = (code: number, reason: string) => {
    socket.close(code, reason);
  };
  socket.on('message', (data, isBinary) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    inWindow += 1;
    if (inWindow > MESSAGES_PER_SECOND_MAX) return refuse(1008, 'too many messages');
    const size = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : (data as Buffer | ArrayBuffer).byteLength;
    if (isBinary || size > MESSAGE_BYTES_MAX) return refuse(1009, 'message too large');
    let parsed: ReturnType<typeof CardsClientMessageSchema.safeParse>;
    try {
      parsed = CardsClientMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      return refuse(1008, 'invalid message');
    }
    if (!parsed.success) return refuse(1008, 'invalid message');
    const { type, products } = parsed.data;
    chain = chain
      .then(async () => {
        if (type === 'subscribe') await watcher.subscribe(products);
        else watcher.unsubscribe(products);
        if (socket.readyState !== socket.OPEN) return;
        write(
          encoded({
            message: 'watching',
            count: watcher.count(),
            max: CARD_SUBSCRIPTIONS_MAX,
          } satisfies CardsWatchingMessage),
        );
      })
      .catch(onError);
  });
  const cleanup = () => {
    clearInterval(heartbeat);
    watcher.close();
  };
  socket.on('close', () => {
    // After any subscription still being applied, so nothing it adds is left behind.
    chain = chain.then(cleanup, cleanup);
  });
}
