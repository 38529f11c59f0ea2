import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction, openSocket, wsUrl } from '../factories/auctions.ts';
import { insertUser, insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** This machine's first non-loopback IPv4 address, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

/**
 * GET with the client socket bound to `localAddress`: to the server the request comes from that
 * address (a non-loopback one here), as a request from another machine would.
 */
function getFrom(url: string, localAddress: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(url, { localAddress, headers }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
  });
}

/** The value of one sample line of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let withToken: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    withToken = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
    await withToken?.close();
  });

  it('answers Prometheus text to a loopback client: request durations by route, bids, sockets, job lag', async () => {
    const seller = await insertUser(t.ctx.db, { is_seller: true });
    const bidder = await insertUserWithToken(t);
    const { auction, products } = await insertAuction(t.ctx.db, seller.id, { now: t.ctx.clock.now() });
    const product = products[0]!;
    const body = { auction_id: auction.id, product_id: product.id, amount: 150_000 };
    expect((await t.request('POST', '/api/bids/create-bid', { token: bidder.token, body })).status).toBe(201);
    // The same amount again is too low: refused.
    expect((await t.request('POST', '/api/bids/create-bid', { token: bidder.token, body })).status).toBe(400);
    await t.request('GET', `/api/bids/get_bids_by_auction/${auction.id}/${product.id}`, {
      token: bidder.token,
    });
    const socket = await openSocket(wsUrl(t.url, `/auctions/api/bids/ws/bids/${auction.id}/${product.id}`));

    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // The route pattern, never the raw URL with its ids.
    const route = '/api/bids/get_bids_by_auction/:auctionId/:productId';
    expect(
      sample(text, 'http_request_duration_seconds_count', { route, method: 'GET', status_code: '200' }),
    ).toBe(1);
    expect(text).not.toContain(`get_bids_by_auction/${auction.id}`);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/bids/create-bid',
        status_code: '201',
      }),
    ).toBe(1);
    expect(sample(text, 'bids_accepted_total')).toBe(1);
    expect(sample(text, 'bids_rejected_total', { status_code: '400' })).toBe(1);
    expect(sample(text, 'websocket_connections')).toBe(1);
    expect(sample(text, 'jobs_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'jobs_paused')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    await socket.close();
    await expect
      .poll(async () => sample(await (await fetch(`${t.url}/metrics`)).text(), 'websocket_connections'))
      .toBe(0);
  });

  it('does not exist for a relayed request (X-Forwarded-For) without a token configured', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of relayed) {
      const res = await t.request('GET', '/metrics', { headers });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No se encontró el recurso solicitado.', code: 'NOT_FOUND' });
    }
  });

  it('with METRICS_TOKEN, a relayed request needs the bearer token', async () => {
    const relayed = { 'x-forwarded-for': '203.0.113.9' };
    expect((await withToken.request('GET', '/metrics', { headers: relayed })).status).toBe(401);
    const wrong = await withToken.request('GET', '/metrics', {
      headers: { ...relayed, authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await withToken.request('GET', '/metrics', {
      headers: { ...relayed, authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
    // A loopback client still reads it without the token.
    expect((await withToken.request('GET', '/metrics')).status).toBe(200);
  });

  it.skipIf(!outsideAddress)('refuses a client on another address, unless it has the token', async () => {
    const fromOutside = await getFrom(`${t.url}/metrics`, outsideAddress!);
    expect(fromOutside.status).toBe(404);
    expect(fromOutside.body).not.toContain('http_request_duration_seconds');
    expect((await getFrom(`${withToken.url}/metrics`, outsideAddress!)).status).toBe(401);
    const allowed = await getFrom(`${withToken.url}/metrics`, outsideAddress!, {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('bids_accepted_total');
  });
});
