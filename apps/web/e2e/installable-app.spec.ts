import net from 'node:net';
import { pushMessages as m } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';

/** The width and height a PNG says it has (its IHDR chunk). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active, then reloads: from then on it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/**
 * A way to the server that can be cut, as a phone losing its connection: the browser's own
 * offline switch does not reach the service worker's requests, a dead connection does.
 */
async function cuttableServer(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let offline = false;
  const proxy = net.createServer((socket) => {
    if (offline) return void socket.destroy();
    const upstream = net.connect(Number(port), hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    setOffline(value: boolean) {
      offline = value;
      if (value) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

describe('the installable app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a manifest with real icons (192, 512, maskable), and a service worker that is never cached for long', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Coleccionables',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d3557',
    });
    for (const [size, purpose] of [
      [192, undefined],
      [512, undefined],
      [512, 'maskable'],
    ] as const) {
      const icon = manifest.icons.find(
        (i: { sizes: string; purpose?: string }) => i.sizes === `${size}x${size}` && i.purpose === purpose,
      );
      expect(icon, `${size} ${purpose ?? 'any'}`).toBeDefined();
      const image = await fetch(`${baseUrl()}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width: size, height: size });
    }
    const worker = await fetch(`${baseUrl()}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
  });

  it('the service worker controls the page after a reload; offline a visited page shows the shell, another "Sin conexión"', async () => {
    const line = await cuttableServer(baseUrl());
    const context = await newContext(browser, PHONE, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${line.url}/`);
    expect(await underServiceWorker(page)).toBe(`${line.url}/sw.js`);
    // Visited while online (under the worker): kept.
    await page.goto(`${line.url}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    line.setOffline(true);
    await context.setOffline(true);
    await page.goto(`${line.url}/login`);
    // The app itself, from what the worker kept: its code ran and drew the page.
    await page.locator('#root[data-ready="true"]').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByText('Sin conexión').count()).resolves.toBe(0);

    await page.goto(`${line.url}/explorar?never=visited`);
    await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
    await checkPage(page, 'offline-phone');
    await context.setOffline(false);
    await context.close();
    await line.close();
  });

  it('what the worker keeps holds no user data: no API answer, no token, no address', async () => {
    const context = await newContext(browser, DESKTOP, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    const token = await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/profile`);
    await underServiceWorker(page);
    // Pages that load the user's own data, under the worker.
    for (const path of ['/profile', '/notifications', '/auctions/won/']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForLoadState('networkidle');
    }
    const kept = await page.evaluate(async () => {
      const entries: Array<{ cache: string; url: string; body: string }> = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          const type = response?.headers.get('content-type') ?? '';
          entries.push({
            cache: name,
            url: request.url,
            body: /text|json|javascript/.test(type) ? ((await response?.text()) ?? '') : '',
          });
        }
      }
      return entries;
    });
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.some((entry) => entry.cache === 'pages')).toBe(true);
    for (const entry of kept) {
      expect(new URL(entry.url).pathname, entry.url).not.toMatch(/^\/(api|images)\//);
      expect(entry.body.includes(token), entry.url).toBe(false);
      expect(entry.body.includes(demo.buyer), entry.url).toBe(false);
    }
    await context.close();
  });

  it("'Activar notificaciones en este dispositivo' asks the browser only when pressed and says when it refuses", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await newContext(browser, viewport, { serviceWorkers: 'allow' });
      await context.addInitScript(() => {
        const asks = { count: 0 };
        (window as unknown as { __permissionAsks: typeof asks }).__permissionAsks = asks;
        const ask = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = (...args: Parameters<typeof ask>) => {
          asks.count += 1;
          return ask(...args);
        };
      });
      const page = await context.newPage();
      await loginAs(page, demo.collector);
      await page.goto(`${baseUrl()}/profile`);
      const button = page.getByRole('button', { name: m.enable });
      await page.getByRole('heading', { name: m.sectionTitle }).waitFor();
      await button.waitFor();
      const asks = () =>
        page.evaluate(
          () => (window as unknown as { __permissionAsks: { count: number } }).__permissionAsks.count,
        );
      expect(await asks()).toBe(0);
      await checkPage(page, `push-setting-${viewport.width}`);
      await button.click();
      await page.getByText(new RegExp(`${m.denied.slice(0, 30)}|${m.dismissed.slice(0, 30)}`)).waitFor();
      expect(await asks()).toBe(1);
      await context.close();
    }
  });
});
