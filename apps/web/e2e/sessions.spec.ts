import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  DEMO_PASSWORD,
  DESKTOP,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

/** Every WebSocket the page opens, with the frames it sends. */
function recordSockets(page: Page) {
  const sockets: Array<{ url: string; sent: string[]; closed: boolean; socket: WebSocket }> = [];
  page.on('websocket', (socket) => {
    const entry = { url: socket.url(), sent: [] as string[], closed: false, socket };
    socket.on('framesent', (frame) => entry.sent.push(String(frame.payload)));
    socket.on('close', () => {
      entry.closed = true;
    });
    sockets.push(entry);
  });
  return sockets;
}

const isNotificationsSocket = (url: string) => new URL(url).pathname === '/api/notifications/ws';

/** Waits until the page's notifications socket has sent its auth message; returns that socket. */
async function authenticatedSocket(sockets: ReturnType<typeof recordSockets>) {
  await expect
    .poll(() => sockets.some((s) => isNotificationsSocket(s.url) && s.sent.length > 0), { timeout: 5000 })
    .toBe(true);
  return sockets.find((s) => isNotificationsSocket(s.url) && s.sent.length > 0)!;
}

function expectNoTokenInUrls(sockets: ReturnType<typeof recordSockets>, token: string) {
  expect(sockets.length).toBeGreaterThan(0);
  for (const { url } of sockets) {
    expect(url).not.toMatch(/token=/i);
    expect(url).not.toContain(token);
  }
}

describe('sessions: socket authentication and logout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the notifications socket authenticates by its first message; a live notification arrives; no token in any socket URL', async () => {
    const sellerToken = await apiLogin(demo.seller);
    const productId = await createProductViaApi(sellerToken, {
      name: `Figura sesiones ${Date.now() % 100000}`,
      categoryName: 'Figuras de vinilo',
    });
    const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
      title: 'Subasta sesiones E2E',
      min_offer: 1000,
      max_offer: 0,
      duration: 24,
      products: [productId],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const auctionId = created.body.id as number;
    expect((await apiCall('POST', `/api/auctions/${auctionId}/activate`, sellerToken)).status).toBe(200);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const sockets = recordSockets(page);
    const token = await loginAs(page, demo.buyer);
    // The product page opens the bid channel too; then the notifications page.
    await page.goto(`${baseUrl()}/auctions/product/${productId}`);
    await page.getByText('● En vivo').waitFor();
    await page.goto(`${baseUrl()}/notifications`);
    await page.getByRole('heading', { name: 'Notificaciones' }).waitFor();
    const socket = await authenticatedSocket(sockets);
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token });

    // The buyer bids, another buyer outbids: the notification appears without reloading.
    const buyerToken = await apiLogin(demo.buyer);
    const collectorToken = await apiLogin(demo.collector);
    const bid = (t: string, amount: number) =>
      apiCall('POST', '/api/bids/create-bid', t, { amount, auction_id: auctionId, product_id: productId });
    expect((await bid(buyerToken, 2000)).status).toBe(201);
    expect((await bid(collectorToken, 5000)).status).toBe(201);
    await page
      .getByRole('button', { name: /Te han superado en una puja.*\$5\.000/ })
      .first()
      .waitFor({ timeout: 5000 });
    expect(socket.closed).toBe(false);
    expect(sockets.some((s) => new URL(s.url).pathname.startsWith('/auctions/api/bids/ws/'))).toBe(true);
    expectNoTokenInUrls(sockets, token);
    await screenshot(page, 'sessions-live-notification-phone');
    await context.close();
  });

  it("'Cerrar Sesión' ends this session only: the other device of the account keeps working, and its socket", async () => {
    const other = await newContext(browser, PHONE);
    const otherPage = await other.newPage();
    const otherSockets = recordSockets(otherPage);
    const otherToken = await loginAs(otherPage, demo.buyer, DEMO_PASSWORD, { newSession: true });
    await otherPage.goto(`${baseUrl()}/notifications`);
    const otherSocket = await authenticatedSocket(otherSockets);

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const sockets = recordSockets(page);
    const token = await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('heading', { name: 'comprador_demo' }).waitFor();
    const socket = await authenticatedSocket(sockets);
    expect((await apiCall('GET', '/api/users/profile', token)).status).toBe(200);

    const logoutCall = page.waitForResponse((r) => r.url().endsWith('/api/users/logout'));
    await page.getByRole('button', { name: /Cerrar Sesión/ }).click();
    const response = await logoutCall;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    await expect.poll(() => socket.closed, { timeout: 5000 }).toBe(true);

    // This token is refused now, on the API and on a socket; the other device's is not.
    expect((await apiCall('GET', '/api/users/profile', token)).status).toBe(401);
    expect((await apiCall('GET', '/api/users/profile', otherToken)).status).toBe(200);
    const code = await page.evaluate(
      ({ oldToken }) =>
        new Promise<number>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/api/notifications/ws`);
          ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: oldToken }));
          ws.onclose = (event) => resolve(event.code);
        }),
      { oldToken: token },
    );
    expect(code).toBe(4401);

    // The other device stays logged in: its socket stays open and its pages keep working.
    await otherPage.waitForTimeout(1000);
    expect(otherSocket.closed).toBe(false);
    expect(await otherPage.evaluate(() => localStorage.getItem('jwt_token'))).toBe(otherToken);
    await otherPage.goto(`${baseUrl()}/profile`);
    await otherPage.getByRole('heading', { name: 'comprador_demo' }).waitFor();
    expectNoTokenInUrls([...sockets, ...otherSockets], token);
    await other.close();
    await context.close();
  });

  it("the account settings show 'Cerrar sesión en todos los dispositivos' and its confirmation (phone and desktop)", async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const shot = await newContext(browser, viewport);
      const shotPage = await shot.newPage();
      await loginAs(shotPage, demo.buyer);
      await shotPage.goto(`${baseUrl()}/profile`);
      await shotPage.getByRole('heading', { name: 'Configuración de la cuenta' }).scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(shotPage);
      await screenshot(shotPage, `sessions-account-settings-${name}`);
      await shotPage.getByRole('button', { name: /Cerrar sesión en todos los dispositivos/ }).click();
      await shotPage.getByRole('dialog', { name: /Cerrar sesión en todos los dispositivos/ }).waitFor();
      await expectAccessible(shotPage);
      await screenshot(shotPage, `sessions-logout-everywhere-confirm-${name}`);
      await shot.close();
    }
  }, 180_000);

  it("'Cerrar sesión en todos los dispositivos' asks first, then ends both sessions and the other one's socket", async () => {
    const other = await newContext(browser, DESKTOP);
    const otherPage = await other.newPage();
    const otherSockets = recordSockets(otherPage);
    const otherToken = await loginAs(otherPage, demo.buyer, DEMO_PASSWORD, { newSession: true });
    await otherPage.goto(`${baseUrl()}/notifications`);
    const otherSocket = await authenticatedSocket(otherSockets);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const token = await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('heading', { name: 'comprador_demo' }).waitFor();

    // Cancelling (also by keyboard: Escape) ends nothing.
    await page.getByRole('button', { name: /Cerrar sesión en todos los dispositivos/ }).click();
    const dialog = page.getByRole('dialog', { name: /Cerrar sesión en todos los dispositivos/ });
    await dialog.waitFor();
    expect(
      await dialog.getByRole('button', { name: 'Cancelar' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await apiCall('GET', '/api/users/profile', token)).status).toBe(200);

    // Offline, it says so and this device stays logged in.
    await page.route('**/api/users/logout-all', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /Cerrar sesión en todos los dispositivos/ }).click();
    await dialog.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();
    await dialog.getByText(/No se pudo conectar con el servidor/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBe(token);
    await page.unroute('**/api/users/logout-all');

    const call = page.waitForResponse((r) => r.url().endsWith('/api/users/logout-all'));
    await dialog.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();
    expect((await call).status()).toBe(200);
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();

    // Both sessions are over: the API refuses both tokens, the other device's socket closes and
    // that device forgets its token (the API then says 401) without reconnecting with it.
    expect((await apiCall('GET', '/api/users/profile', token)).status).toBe(401);
    expect((await apiCall('GET', '/api/users/profile', otherToken)).status).toBe(401);
    await expect.poll(() => otherSocket.closed, { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => otherPage.evaluate(() => localStorage.getItem('jwt_token')), { timeout: 5000 })
      .toBeNull();
    const opened = otherSockets.filter((s) => isNotificationsSocket(s.url)).length;
    await otherPage.waitForTimeout(2500);
    expect(otherSockets.filter((s) => isNotificationsSocket(s.url)).length).toBe(opened);
    await other.close();
    await context.close();
  }, 180_000);

  it('logging out offline still ends the session on this device', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('heading', { name: 'comprador_demo' }).waitFor();
    await page.route('**/api/users/logout', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /Cerrar Sesión/ }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    await page.goto(`${baseUrl()}/profile`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
