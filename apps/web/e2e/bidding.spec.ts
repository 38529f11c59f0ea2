import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
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

/** An active one-hour auction of one new product of the demo seller; returns the product id. */
async function auctionOfOneProduct(sellerToken: string, label: string, minOffer: number) {
  const productId = await createProductViaApi(sellerToken, {
    name: `${label} ${Date.now() % 100000}`,
    categoryName: 'Figuras de vinilo',
    description: 'Figura de prueba creada por el test de pujas.',
  });
  const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
    title: `Subasta ${label}`,
    min_offer: minOffer,
    max_offer: 0,
    duration: 1,
    products: [productId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await apiCall('POST', `/api/auctions/${created.body.id}/activate`, sellerToken)).status).toBe(200);
  return { productId, auctionId: created.body.id as number };
}

const history = (page: Page) => page.locator('ol[aria-label^="Historial de pujas"] li');

async function bid(page: Page, amount: number, max?: number) {
  await page.getByLabel('Tu puja ($)').fill(String(amount));
  if (max !== undefined) await page.getByLabel('Puja máxima ($)').fill(String(max));
  const response = page.waitForResponse((r) => r.url().endsWith('/api/bids/create-bid'));
  await page.getByRole('button', { name: 'Place Bid' }).click();
  expect((await response).status()).toBe(201);
}

describe('bidding: proxy bids, soft close, watchlist', () => {
  let browser: Browser;
  let sellerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(demo.seller);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a ceiling set in the page answers another browser’s bid live; a last-minute bid extends both countdowns', async () => {
    const { productId } = await auctionOfOneProduct(sellerToken, 'Auto con puja máxima', 100);
    const contextA = await newContext(browser, DESKTOP);
    const contextB = await newContext(browser, PHONE);
    const a = await contextA.newPage();
    const b = await contextB.newPage();
    await loginAs(a, demo.buyer);
    await loginAs(b, demo.collector);
    const url = `${baseUrl()}/auctions/product/${productId}`;
    for (const page of [a, b]) {
      await page.goto(url);
      await page.getByText('● En vivo').waitFor();
    }

    // A bids 1.000 with a private maximum of 5.000, which only A sees.
    await bid(a, 1000, 5000);
    await a.getByText('Tu puja máxima: $5.000').waitFor();
    expect(await b.getByTestId('my-ceiling').count()).toBe(0);

    // B bids 2.000: A's ceiling answers at once with 2.100, in both browsers.
    await bid(b, 2000);
    for (const page of [a, b]) {
      await history(page).first().filter({ hasText: '$2.100' }).waitFor({ timeout: 2000 });
      const top = await history(page).first().innerText();
      expect(top).toContain('comprador_demo');
      expect(top).toContain('Automática');
    }
    await b.getByText(/Otra puja máxima respondió: la puja actual es \$2\.100/).waitFor();
    await screenshot(b, 'bidding-proxy-phone');

    // Move the server clock to 60 seconds before the product's end; reload so both pages read it.
    const token = await apiLogin(demo.buyer);
    const state = await apiCall('GET', `/api/auctions/get_auction_product_by_id/${productId}`, token);
    const left = Math.floor((Date.parse(state.body.end_time) - Date.parse(state.body.server_time)) / 1000);
    expect((await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: left - 60 })).status).toBe(
      200,
    );
    for (const page of [a, b]) {
      await page.reload();
      await page.getByText('● En vivo').waitFor();
      await expect.poll(() => page.getByRole('timer').innerText()).toMatch(/^(00m \d{2}s|01m 00s)$/);
    }
    await a.getByText('Queda menos de 1 minuto para que termine la subasta de este producto').waitFor();

    // B bids in the last minute: the product's end moves to that bid + 2 minutes in both browsers.
    await bid(b, 3000);
    for (const page of [a, b]) {
      await history(page).first().filter({ hasText: '$3.100' }).waitFor({ timeout: 2000 });
      await expect.poll(() => page.getByRole('timer').innerText()).toMatch(/^(02m 00s|01m [45]\ds)$/);
    }
    await a.getByText('¡Puja de último minuto! La subasta se extendió 2 minutos').waitFor();
    expect(await a.getByRole('status').filter({ hasText: 'se extendió' }).getAttribute('aria-live')).toBe(
      'polite',
    );
    await expectAccessible(a);
    await expectAccessible(b);
    await expectNoHorizontalScroll(b);
    await screenshot(a, 'bidding-soft-close-desktop');
    await screenshot(b, 'bidding-soft-close-phone');
    await contextA.close();
    await contextB.close();
  });

  it('the heart adds a product to /watchlist (Favoritos, in the Actividad menu) and removes it', async () => {
    const { productId } = await auctionOfOneProduct(sellerToken, 'Auto favorito', 100);
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.collector);
    await page.goto(`${baseUrl()}/auctions/product/${productId}`);
    const heart = page.getByRole('button', { name: /^Agregar ".*Auto favorito.*" a Favoritos$/ });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    const pressed = page.getByRole('button', { name: /^Quitar ".*Auto favorito.*" de Favoritos$/ });
    await pressed.waitFor();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: /Actividad/ }).click();
    await page.getByRole('menuitem', { name: 'Favoritos' }).click();
    await page.waitForURL(/\/watchlist$/);
    await page.getByRole('heading', { name: 'Favoritos', level: 1 }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'Auto favorito' });
    await item.waitFor();
    expect(await item.innerText()).toContain('Puja actual: $0');
    expect(await item.getByRole('timer').innerText()).toMatch(/^Termina en \d{2}m \d{2}s$/);
    await expectAccessible(page);
    await screenshot(page, 'watchlist-desktop');

    const phone = await newContext(browser, PHONE);
    const small = await phone.newPage();
    await loginAs(small, demo.collector);
    await small.goto(`${baseUrl()}/watchlist`);
    const smallItem = small.getByRole('listitem').filter({ hasText: 'Auto favorito' });
    await smallItem.waitFor();
    // The countdown runs on the server's clock (moved forward by the test clock), as on desktop.
    expect(await smallItem.getByRole('timer').innerText()).toMatch(/^Termina en \d{2}m \d{2}s$/);
    await expectAccessible(small);
    await expectNoHorizontalScroll(small);
    await screenshot(small, 'watchlist-phone');

    // Product cards of the marketplace carry the heart too, above the card's own link.
    await small.goto(`${baseUrl()}/`);
    await small.getByRole('tab', { name: 'Marketplace' }).click();
    const cardHeart = small
      .getByRole('list', { name: 'Productos de compra directa' })
      .getByRole('button', { name: /^Agregar ".+" a Favoritos$/ })
      .first();
    const cardName = (await cardHeart.getAttribute('aria-label'))!.replace(
      /^Agregar "(.+)" a Favoritos$/,
      '$1',
    );
    await cardHeart.click();
    const cardPressed = small.getByRole('button', { name: `Quitar "${cardName}" de Favoritos` }).first();
    await cardPressed.waitFor();
    expect(await cardPressed.getAttribute('aria-pressed')).toBe('true');
    // The heart acts in place: the page stays on the tab's own address.
    expect(small.url()).toBe(`${baseUrl()}/?tab=marketplace`);
    await screenshot(small, 'watchlist-marketplace-phone');
    await cardPressed.click();
    await small
      .getByRole('button', { name: `Agregar "${cardName}" a Favoritos` })
      .first()
      .waitFor();

    // Removing it from the page: the item goes away.
    await item.getByRole('button', { name: /^Quitar ".*Auto favorito.*" de Favoritos$/ }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Auto favorito' }).count()).toBe(0);
    // The page drops the item at once (optimistically); the server's list follows when the
    // DELETE it sent is answered.
    const collectorToken = await apiLogin(demo.collector);
    await expect
      .poll(async () => {
        const list = await apiCall('GET', '/api/watchlist', collectorToken);
        return list.body.items.some((i: any) => i.product_id === productId);
      })
      .toBe(false);
    await context.close();
    await phone.close();
  });
});
