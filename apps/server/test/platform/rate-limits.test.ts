import { commonMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../../src/config.ts';
import { openSocket, wsUrl } from '../factories/auctions.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';

/** Fires `n` requests one after the other; returns their statuses. */
async function burst(n: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send(i)).status);
  return statuses;
}

const spoofed = (i: number, real: string) => ({ 'x-forwarded-for': `203.0.113.${i % 250}, ${real}` });

describe('abuse limits with RATE_LIMIT=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT: '1', TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('a burst of bids from one account gets 429 in Spanish; another account still bids', async () => {
    const ana = await insertUserWithToken(t);
    const beto = await insertUserWithToken(t);
    const bid = (token: string) =>
      t.request('POST', '/api/bids/create-bid', {
        token,
        body: { auction_id: 999, product_id: 999, amount: 10 },
        // A new address each time: the limit follows the account, not the address.
        headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
      });
    const statuses = await burst(31, () => bid(ana.token));
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await bid(ana.token);
    expect(limited.body).toEqual({ message: commonMessages.tooManyRequests, code: 'RATE_LIMITED' });
    expect((await bid(beto.token)).status).not.toBe(429);
  });

  it('password changes are limited per account (guessing the current password)', async () => {
    const ana = await insertUserWithToken(t);
    const statuses = await burst(6, () =>
      t.request('POST', '/api/users/change-password', {
        token: ana.token,
        body: { current_password: 'no-es-la-clave', new_password: 'OtraClave123!' },
      }),
    );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });

  it('payment verification and bank-account changes are limited per account', async () => {
    const ana = await insertUserWithToken(t, { is_seller: true });
    const verify = await burst(31, () =>
      t.request('GET', '/api/bold/verify/00000000-0000-4000-8000-000000000000', { token: ana.token }),
    );
    expect(verify.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(verify[30]).toBe(429);

    const bank = await burst(6, () =>
      t.request('PUT', '/api/sellers-banks/update/1', { token: ana.token, body: {} }),
    );
    expect(bank.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(bank[5]).toBe(429);
  });

  it('search is limited per address; another address still searches', async () => {
    const statuses = await burst(61, () =>
      t.request('GET', '/api/auctions/search/camaro', { headers: { 'x-forwarded-for': '192.0.2.10' } }),
    );
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const other = await t.request('GET', '/api/auctions/search/camaro', {
      headers: { 'x-forwarded-for': '192.0.2.11' },
    });
    expect(other.status).toBe(200);
  });

  it('a spoofed X-Forwarded-For does not escape the per-address login limit behind one proxy', async () => {
    // The client invents the left part; our one proxy appends the address it really saw. The limit
    // counts every attempt before its body is read, so these are refused ones (no password): an
    // unknown email with a password is checked against a full-cost hash, ~0.6 s of CPU each.
    const statuses = await burst(21, (i) =>
      t.request('POST', '/api/users/login', {
        body: { email: `nadie${i}@test.dev`, password: '' },
        headers: spoofed(i, '192.0.2.20'),
      }),
    );
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const res = await t.request('POST', '/api/users/login', {
      body: { email: 'nadie@test.dev', password: TEST_PASSWORD },
      headers: spoofed(99, '192.0.2.20'),
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(commonMessages.tooManyRequests);
  });

  it('socket connections are limited per address', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.30' };
    const opened: WebSocket[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < 31; i++) {
      outcomes.push(
        await new Promise<string>((resolve) => {
          const socket = new WebSocket(wsUrl(t.url, '/auctions/api/bids/ws/bids/1/1'), { headers });
          socket.once('open', () => {
            opened.push(socket);
            resolve('open');
          });
          socket.once('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode}`));
          socket.once('error', (err) => resolve(`error ${err.message}`));
        }),
      );
    }
    for (const socket of opened) socket.close();
    expect(outcomes.slice(0, 30).every((o) => o === 'open')).toBe(true);
    expect(outcomes[30]).toBe('HTTP 429');
    // Another address still connects.
    const other = await openSocket(wsUrl(t.url, '/auctions/api/bids/ws/bids/1/1'));
    await other.close();
  });

  it('an unauthenticated 8 MB body to a protected route is refused 401 before it is parsed', async () => {
    // Malformed JSON: had it been parsed, the answer would be a 400.
    const body = `{"image":"${'x'.repeat(8 * 1024 * 1024 - 1024)}`;
    const started = performance.now();
    const res = await t.request('POST', '/api/products/create', {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(commonMessages.unauthorized);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('RATE_LIMIT=0 turns the limits off (load tests)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT: '0' } });
  });
  afterAll(() => t?.close());

  it('a burst of searches from one address is never refused', async () => {
    const statuses = await burst(70, () =>
      t.request('GET', '/api/auctions/search/camaro', { headers: { 'x-forwarded-for': '192.0.2.40' } }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  const base = { DATA_DIR: '/tmp/unused' };
  it('takes a hop count or a list of proxy addresses, never "everyone"', () => {
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const value of ['true', 'yes', '10.0.0.1,nope', '*']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY /,
      );
    }
  });
});
