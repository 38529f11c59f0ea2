import { auctionsEndpoints, endpointUrl } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths.ts';
import { call } from '../lib/api-client.ts';
import { authStorage } from '../lib/auth-storage.ts';
import {
  dropLeadWithoutSession,
  EARLY_TOKEN_KEY,
  earlyRequestPath,
  sendEarlyRequest,
} from './early-requests.ts';

describe('the early request names what the app would ask for', () => {
  it('a product auction page’s address gives its API path, as the app builds it', () => {
    const address = paths.productAuction.getHref('14');
    expect(earlyRequestPath(address)).toBe(endpointUrl(auctionsEndpoints.productPage, { id: 14 }));
    expect(earlyRequestPath(`${address}/`)).toBe(endpointUrl(auctionsEndpoints.productPage, { id: 14 }));
  });

  it.each([
    '/',
    '/auctions/product/abc',
    '/auctions/product/14/x',
    '/auctions/product/1234567890',
    '/login',
  ])('nothing for %s', (address) => {
    expect(earlyRequestPath(address)).toBeUndefined();
  });

  it('reads the token where the app keeps it', () => {
    authStorage.setToken('a-token');
    expect(localStorage.getItem(EARLY_TOKEN_KEY)).toBe('a-token');
    authStorage.clearToken();
  });
});

describe('the app takes the early answer once, for the same path and token', () => {
  const page = { auction: { id: 4 } };
  let fetches: Array<{ url: string; authorization: string | null }>;

  beforeEach(() => {
    fetches = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      fetches.push({ url, authorization: new Headers(init.headers).get('authorization') });
      return new Response(JSON.stringify(page), { status: 200 });
    });
    authStorage.setToken('token-a');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clearToken();
    window.__earlyRequests = undefined;
  });

  it('sends it with the stored token and answers the app’s first call with it', async () => {
    sendEarlyRequest('/auctions/product/14', localStorage, window);
    expect(fetches).toEqual([
      { url: '/api/auctions/get_auction_product_by_id/14', authorization: 'Bearer token-a' },
    ]);
    expect(await call(auctionsEndpoints.productPage, { params: { id: 14 } })).toEqual(page);
    expect(fetches).toHaveLength(1);
    // Taken once: the next read asks the server.
    await call(auctionsEndpoints.productPage, { params: { id: 14 } });
    expect(fetches).toHaveLength(2);
  });

  it('is not used for another token, another path, or when no one is logged in', async () => {
    sendEarlyRequest('/auctions/product/14', localStorage, window);
    await call(auctionsEndpoints.productPage, { params: { id: 15 } });
    expect(fetches).toHaveLength(2);
    authStorage.setToken('token-b');
    await call(auctionsEndpoints.productPage, { params: { id: 14 } });
    expect(fetches).toHaveLength(3);
    authStorage.clearToken();
    window.__earlyRequests = undefined;
    sendEarlyRequest('/auctions/product/14', localStorage, window);
    expect(window.__earlyRequests).toBeUndefined();
    expect(fetches).toHaveLength(3);
  });

  it('a failed early request fails the app’s call as its own would', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    sendEarlyRequest('/auctions/product/14', localStorage, window);
    await expect(call(auctionsEndpoints.productPage, { params: { id: 14 } })).rejects.toMatchObject({
      status: 0,
      message: 'No se pudo conectar con el servidor. Revisa tu conexión e intenta de nuevo.',
    });
  });
});

describe('a visitor without a session does not glimpse the product before the login page', () => {
  const placeholder =
    '<div id="root"><div class="boot-bar"></div><div class="boot-main"><p class="boot-title">Camaro</p><img class="boot-lead" src="/images/a/full.webp" alt="Camaro"></div></div>';
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('takes the lead away without a token, and leaves it with one or on another page', () => {
    const dropped: Event[] = [];
    document.addEventListener('app:lead-dropped', (event) => dropped.push(event));
    document.body.innerHTML = placeholder;
    dropLeadWithoutSession('/auctions/product/14', localStorage, document);
    expect(document.querySelector('.boot-main')?.innerHTML).toBe('');
    expect(document.querySelector('.boot-bar')).not.toBeNull();
    // The code loader, waiting for the lead to paint, is told not to.
    expect(dropped).toHaveLength(1);

    document.body.innerHTML = placeholder;
    localStorage.setItem(EARLY_TOKEN_KEY, 'a-token');
    dropLeadWithoutSession('/auctions/product/14', localStorage, document);
    expect(document.querySelector('.boot-lead')).not.toBeNull();

    localStorage.clear();
    dropLeadWithoutSession('/', localStorage, document);
    expect(document.querySelector('.boot-lead')).not.toBeNull();
    expect(dropped).toHaveLength(1);
  });
});
