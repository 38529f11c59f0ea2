import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createInProcessEventBus } from './events.ts';
import { serveChannel } from './live-channel.ts';

/** Just enough of a ws WebSocket: records what is sent, answers pings when asked to. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: unknown[] = [];
  /** The frames as handed to ws, with whether each was sent as binary. */
  frames: Array<{ data: unknown; binary: boolean | undefined }> = [];
  pings = 0;
  terminated = false;
  constructor(private readonly answersPings: boolean) {
    super();
  }
  send(data: Buffer | string, options?: { binary?: boolean }) {
    this.frames.push({ data, binary: options?.binary });
    this.sent.push(JSON.parse(String(data)));
  }
  ping() {
    this.pings += 1;
    if (this.answersPings) setImmediate(() => this.emit('pong'));
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  closedWith: number | undefined;
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live channel', () => {
  it('forwards channel messages and stops after the socket closes', async () => {
    const bus = createInProcessEventBus();
    const socket = new FakeSocket(true);
    await serveChannel(socket as unknown as WebSocket, bus, 'bids:1:2', { heartbeatMs: 1000 });
    await bus.publish('bids:1:2', { message: 'new_bid', bid: { id: 1 } });
    await bus.publish('bids:9:9', { message: 'new_bid', bid: { id: 2 } });
    await sleep(10);
    expect(socket.sent).toEqual([{ message: 'new_bid', bid: { id: 1 } }]);
    // A text frame: browsers hand it to the page as a string.
    expect(socket.frames.map((f) => f.binary)).toEqual([false]);
    socket.close();
    await sleep(10);
    await bus.publish('bids:1:2', { message: 'new_bid', bid: { id: 3 } });
    await sleep(10);
    expect(socket.sent).toHaveLength(1);
  });

  it('encodes a message once for every socket watching the channel', async () => {
    const bus = createInProcessEventBus();
    const watchers = [new FakeSocket(true), new FakeSocket(true), new FakeSocket(true)];
    for (const socket of watchers) await serveChannel(socket as unknown as WebSocket, bus, 'bids:1:2');
    await bus.publish('bids:1:2', { message: 'new_bid', bid: { id: 7, username: 'ñandú' } });
    await sleep(10);
    const [first, ...others] = watchers.map((socket) => socket.frames[0]?.data);
    expect(first).toBeInstanceOf(Buffer);
    for (const data of others) expect(data).toBe(first);
    expect(JSON.parse(String(first))).toEqual({ message: 'new_bid', bid: { id: 7, username: 'ñandú' } });
    for (const socket of watchers) socket.close();
  });

  it('sends the greeting first, and closes the socket when it cannot be built', async () => {
    const bus = createInProcessEventBus();
    const greeted = new FakeSocket(true);
    await serveChannel(greeted as unknown as WebSocket, bus, 'bids:1:2', {
      greeting: async () => ({ message: 'subscribed', bid_count: 4 }),
    });
    expect(greeted.sent).toEqual([{ message: 'subscribed', bid_count: 4 }]);
    greeted.close();

    const errors: unknown[] = [];
    const ungreeted = new FakeSocket(true);
    await serveChannel(ungreeted as unknown as WebSocket, bus, 'bids:1:2', {
      greeting: async () => {
        throw new Error('database unavailable');
      },
      onError: (error) => errors.push(error),
    });
    // Its client reconnects and is greeted then; meanwhile it gets nothing.
    expect(ungreeted.closedWith).toBe(1011);
    expect(errors).toHaveLength(1);
    await bus.publish('bids:1:2', { message: 'new_bid', bid: { id: 1 } });
    await sleep(10);
    expect(ungreeted.sent).toEqual([]);
  });

  it('drops a peer that stops answering pings and keeps one that answers', async () => {
    const bus = createInProcessEventBus();
    const silent = new FakeSocket(false);
    const healthy = new FakeSocket(true);
    await serveChannel(silent as unknown as WebSocket, bus, 'c', { heartbeatMs: 20 });
    await serveChannel(healthy as unknown as WebSocket, bus, 'c', { heartbeatMs: 20 });
    await sleep(120);
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toBe(1);
    expect(healthy.terminated).toBe(false);
    expect(healthy.pings).toBeGreaterThanOrEqual(3);
    healthy.close();
  });
});
