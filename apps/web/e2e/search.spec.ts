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
  openPage as openBrowserPage,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

// Our own product and auction, so the checks don't depend on what other spec files sell or end.
// The auction stays upcoming (never activated), so no clock advance elsewhere ends it.
const run = Date.now() % 100000;
const productName = `Hot Wheels Quetzalcóatl dorado ${run}`;
const auctionTitle = `Subasta Hot Wheels Quetzalcóatl ${run}`;
let productId: number;
let auctionId: number;

function createProduct(token: string, name: string, extra: Record<string, unknown> = {}) {
  return createProductViaApi(token, {
    name,
    categoryName: 'Figuras de vinilo',
    brandName: 'Funko',
    year: 2022,
    description: 'Figura creada por la prueba de búsqueda.',
    ...extra,
  });
}

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name: new RegExp(`^${name}`) });
}

async function selectedTab(page: Page) {
  return (await page.getByRole('tab', { selected: true }).textContent())?.match(/^\p{L}+/u)?.[0];
}

async function count(page: Page, name: string) {
  const text = await tab(page, name).textContent();
  return Number(text?.match(/(\d+)/)?.[1]);
}

describe('search', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiLogin(demo.seller);
    productId = await createProduct(token, productName, { can_be_bought: true, sell_price: 1_250_000 });
    const inAuction = await createProduct(token, `Quetzalcóatl de jade ${run}`);
    const created = await apiCall('POST', '/api/auctions/create', token, {
      title: auctionTitle,
      min_offer: 5000,
      max_offer: 0,
      duration: 24,
      products: [inAuction],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    auctionId = created.body.id;
  });
  afterAll(() => browser?.close());

  const openPage = (viewport = DESKTOP) => openBrowserPage(browser, viewport);

  it('the header search box leads to the results; the three tabs are walked with the keyboard', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(baseUrl());
    const box = page.getByRole('searchbox', { name: 'Buscar' });
    await box.fill('hot whel');
    await box.press('Enter');
    await page.waitForURL(/\/search\?query=hot(%20|\+)whel$/);
    await page.getByRole('heading', { level: 1, name: 'Resultados de búsqueda' }).waitFor();
    await page.getByText('Resultados para: hot whel').waitFor();
    expect(await box.inputValue()).toBe(''); // the box clears after searching

    // vendedor_demo's bio mentions Hot Wheels: Usuarios is the first non-empty tab.
    await page.getByRole('tabpanel').waitFor();
    expect(await selectedTab(page)).toBe('Usuarios');
    expect(await count(page, 'Usuarios')).toBeGreaterThanOrEqual(1);
    expect(await count(page, 'Productos')).toBeGreaterThanOrEqual(1);
    expect(await count(page, 'Subastas')).toBeGreaterThanOrEqual(1);
    const seller = page.getByRole('tabpanel').getByRole('link', { name: /vendedor_demo/ });
    expect(await seller.getAttribute('href')).toBe('/public-profile/vendedor_demo');
    await screenshot(page, 'search-desktop-users');

    // Arrow keys move between tabs and select them.
    await tab(page, 'Usuarios').focus();
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Productos');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    const product = page.getByRole('tabpanel').getByRole('link', { name: new RegExp(productName) });
    expect(await product.getAttribute('href')).toBe(`/auctions/product/${productId}`);
    await product.getByText('$1,250,000').waitFor();
    await screenshot(page, 'search-desktop-products');

    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Subastas');
    const auction = page.getByRole('tabpanel').getByRole('link', { name: new RegExp(auctionTitle) });
    expect(await auction.getAttribute('href')).toBe(`/auctions/products/${auctionId}`);
    await auction.getByText('Por iniciar').waitFor();
    await auction.getByText('Puja mínima: $5,000').waitFor();
    await screenshot(page, 'search-desktop-auctions');

    await page.keyboard.press('ArrowRight'); // wraps to the first tab
    expect(await selectedTab(page)).toBe('Usuarios');
    await expectAccessible(page);

    // A new search from the header re-searches and picks the first non-empty tab again.
    await box.fill('quetzalcoatl');
    await box.press('Enter');
    await page.getByText('Resultados para: quetzalcoatl').waitFor();
    await expect.poll(() => selectedTab(page)).toBe('Productos');
    expect(await count(page, 'Usuarios')).toBe(0);
    expect(await count(page, 'Productos')).toBe(2);
    expect(await count(page, 'Subastas')).toBe(1);

    // An empty tab says so.
    await tab(page, 'Usuarios').click();
    await page.getByRole('tabpanel').getByText('No se encontraron resultados para tu búsqueda').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds what people type: no accents, a typo, a cut word, a seller by name', async () => {
    const { context, page, errors } = await openPage();
    for (const term of ['QUETZALCOATL', 'quetzalcoalt', 'quetzalc', 'quetzalcóatl dorado']) {
      await page.goto(`${baseUrl()}/search?query=${encodeURIComponent(term)}`);
      await page.getByText(`Resultados para: ${term}`).waitFor();
      await expect.poll(() => selectedTab(page)).toBe('Productos');
      await page
        .getByRole('tabpanel')
        .getByRole('link', { name: new RegExp(productName) })
        .waitFor();
    }
    await page.goto(`${baseUrl()}/search?query=tienda%20retro`);
    await expect.poll(() => selectedTab(page)).toBe('Usuarios');
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: /tienda_retro/ })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says when there is no term, nothing found, or the search failed', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(`${baseUrl()}/search?query=`);
    await page.getByText('No se ha especificado un término de búsqueda').waitFor();
    await page.goto(`${baseUrl()}/search`);
    await page.getByText('No se ha especificado un término de búsqueda').waitFor();

    await page.goto(`${baseUrl()}/search?query=xqzwkj`);
    await page.getByText('No se encontraron resultados para tu búsqueda').waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);

    await page.goto(`${baseUrl()}/search?query=${'a'.repeat(101)}`);
    await page.getByText('El término de búsqueda no puede superar 100 caracteres').waitFor();

    // Hostile input is just text.
    await page.goto(`${baseUrl()}/search?query=${encodeURIComponent("' OR 1=1 --")}`);
    await page.getByText("Resultados para: ' OR 1=1 --").waitFor();
    await page.getByText('No se encontraron resultados para tu búsqueda').waitFor();

    await page.route('**/api/auctions/search/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    // The page is rendered on the server with its results: the failure is met by a search the
    // running app makes itself, from the header.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('funko');
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
    await page.waitForURL(/\/search\?query=funko$/);
    await page.getByText('Ocurrió un error al buscar. Por favor, inténtalo de nuevo.').waitFor();
    await page.unroute('**/api/auctions/search/**');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('tablist').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone: accessible, no horizontal scroll', async () => {
    const { context, page, errors } = await openPage(PHONE);
    await page.goto(`${baseUrl()}/search?query=${encodeURIComponent('hot whel')}`);
    await page.getByRole('tabpanel').waitFor();
    await screenshot(page, 'search-phone-users');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await tab(page, 'Productos').click();
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: new RegExp(productName) })
      .waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'search-phone-products');
    await tab(page, 'Subastas').click();
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: new RegExp(auctionTitle) })
      .waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'search-phone-auctions');
    expect(errors).toEqual([]);
    await context.close();
  });
});
