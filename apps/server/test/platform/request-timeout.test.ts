import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../factories/auctions.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/**
 * A request must arrive whole within the server's request timeout (shortened here to 400 ms): a
 * client trickling its body is answered 408 and cut off, while everyone else is served and an
 * open live channel, which is no request any more, stays open.
 */
const TIMEOUT_MS = 400;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ requestTimeoutMs: TIMEOUT_MS });
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends the headers and a first byte of a body announced as 1,000 bytes, then a byte every 50 ms. */
function trickle(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n{',
  );
  const drip = setInterval(() => {
    if (socket.writable) socket.write(' ');
  }, 50);
  return {
    closed: closed.then(() => {
      clearInterval(drip);
      return received;
    }),
  };
}

describe('request timeout', () => {
  it('answers a body that never finishes 408 in Spanish and closes it; others are served meanwhile', async () => {
    const port = Number(new URL(t.url).port);
    const started = Date.now();
    const slow = trickle(port);
    await sleep(TIMEOUT_MS / 2);
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
    const answer = await slow.closed;
    const elapsed = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'La solicitud tardó demasiado en llegar. Inténtalo de nuevo.',
      code: 'REQUEST_TIMEOUT',
    });
    // Cut within the limit plus Node's checking interval (a quarter of it), never left open.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 4);
  });

  it('leaves an open live channel alone well past the timeout', async () => {
    const { user } = await insertUserWithToken(t, { is_seller: true });
    const { auction, products } = await insertAuction(t.ctx.db, user.id, { now: t.ctx.clock.now() });
    const live = await openSocket(
      wsUrl(t.url, `/auctions/api/bids/ws/bids/${auction.id}/${products[0]!.id}`),
    );
    await live.subscribed();
    await sleep(TIMEOUT_MS * 3);
    expect(live.socket.readyState).toBe(live.socket.OPEN);
    await live.close();
  });
});
