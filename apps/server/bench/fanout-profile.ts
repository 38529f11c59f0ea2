/**
 * Where a live bid's time goes between its publication and the socket writes, at 5,000 sockets
 * on one product, in one server process (no database, no HTTP): the bus (publish to the first
 * subscriber call), the subscribers (one bus handler per socket, as the product channel serves
 * them), and the framing (ws.send per socket) against a bare loop over the same sockets and a
 * frame built once and written to each socket as is. The receiving sockets live in a child
 * process that only counts. `npx tsx bench/fanout-profile.ts [sockets] [rounds]`.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import * as wsModule from 'ws';
import { type WebSocket, WebSocketServer } from 'ws';
import { createInProcessEventBus } from '../src/platform/events.ts';
import { createRedisEventBus } from '../src/platform/events-redis.ts';
import { serveChannel } from '../src/platform/live-channel.ts';

if (process.argv[2] === 'client') {
  const { default: WS } = await import('ws');
  const [url, count] = [process.argv[3]!, Number(process.argv[4])];
  for (let i = 0; i < count; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, () => {
        const s = new WS(url);
        return new Promise((r) => s.once('open', r));
      }),
    );
  }
  process.send!('ready');
  process.on('disconnect', () => process.exit(0));
} else {
  const sockets = Number(process.argv[2] ?? 5000);
  const rounds = Number(process.argv[3] ?? 20);
  const server = createServer();
  const wss = new WebSocketServer({ server });
  // `redis` as the third argument: the Redis bus at REDIS_URL (default the local one).
  const redis = process.argv[4] === 'redis';
  const events = redis
    ? createRedisEventBus({
        url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        namespace: `profile-${process.pid}`,
      })
    : createInProcessEventBus();
  const clients: WebSocket[] = [];
  wss.on('connection', (socket) => {
    clients.push(socket);
    void serveChannel(socket, events, 'bids:1:1');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const child = fork(import.meta.filename, ['client', `ws://127.0.0.1:${port}`, String(sockets)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((r) => child.once('message', r));
  const payload = {
    message: 'new_bid',
    bid: {
      id: 1,
      amount: 1000,
      timestamp: new Date().toISOString(),
      username: 'postor_0',
      avatar: null,
      auto: false,
    },
    auction_id: 1,
    product_id: 1,
    highest_bid: 1000,
    bid_count: 1,
    end_time: new Date().toISOString(),
  };
  const text = JSON.stringify(payload);
  const pause = () => new Promise((r) => setTimeout(r, 150));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  // The frame built once: header and payload in one buffer, written to each socket as is.
  const data = Buffer.from(text);
  // ws frames each message per socket; its framing function builds the same frame once here.
  const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };
  const [header, body] = Sender.frame(data, {
    fin: true,
    opcode: 1,
    mask: false,
    readOnly: true,
    rsv1: false,
  });
  const frame = Buffer.concat([header!, body!]);

  const originalSend = clients[0]!.send;
  let firstAt = 0;
  let marked = false;
  clients[0]!.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
    if (!marked) {
      firstAt = performance.now();
      marked = true;
    }
    return originalSend.apply(this, args);
  } as WebSocket['send'];

  // The three ways in turn each round, so the machine's drift touches them alike.
  const toFirst: number[] = [];
  const channel: number[] = [];
  const bare: number[] = [];
  const framed: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // The product channel as served: the bus, one handler per socket, ws.send of a buffer
    // encoded once. The handlers run in one go, so the check after them sees the loop's end.
    marked = false;
    let t0 = performance.now();
    await events.publish('bids:1:1', payload);
    while (!marked) await new Promise((r) => setImmediate(r));
    toFirst.push(firstAt - t0);
    channel.push(performance.now() - t0);
    await pause();
    // A bare loop: ws.send of the same string per socket (what the bare ceiling does).
    t0 = performance.now();
    for (const s of clients) s.send(text);
    bare.push(performance.now() - t0);
    await pause();
    t0 = performance.now();
    for (const s of clients) (s as unknown as { _socket: import('node:net').Socket })._socket.write(frame);
    framed.push(performance.now() - t0);
    await pause();
  }
  console.log(
    JSON.stringify(
      {
        sockets,
        rounds,
        bus: redis ? 'redis' : 'in-process',
        message_bytes: data.length,
        publish_to_first_write_ms: median(toFirst),
        channel_publish_to_last_write_ms: median(channel),
        bare_ws_send_loop_ms: median(bare),
        preframed_write_loop_ms: median(framed),
      },
      null,
      2,
    ),
  );
  child.removeAllListeners();
  child.kill();
  await events.close();
  process.exit(0);
}
