import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser.ts';

/**
 * What the server renders works with JavaScript off, which is also what a phone shows in the
 * seconds before the app's code has run: links are links and forms are GET forms, so every step
 * here is the browser's own navigation and the server's render of the address it reaches.
 */
describe('the rendered pages with JavaScript off', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function open(viewport: {
    width: number;
    height: number;
  }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false, locale: 'es-CO' });
    context.setDefaultTimeout(15_000);
    return { context, page: await context.newPage() };
  }

  /** Page loads by the browser's navigation, each answered by a server render. */
  const rendered = (page: Page) => page.locator('main#main').first();

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`walks the header, the home tabs and the auction cards (${name})`, async () => {
      const { context, page } = await open(viewport);
      await page.goto(baseUrl());
      await expect.poll(() => rendered(page).count()).toBe(1);

      // The navigation is in the open on a phone too (its menu button needs the app) and is made of links.
      const nav = page.getByRole('navigation', { name: 'Principal' });
      await expect.poll(() => nav.getByRole('link', { name: 'Explorar' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Menú' }).isVisible()).toBe(false);

      // An auction card's 'View' is a link to its auction.
      const view = page.getByRole('link', { name: /^View subasta / }).first();
      expect(await view.getAttribute('href')).toMatch(/^\/auctions\/products\/\d+$/);

      // The 'Marketplace' tab is a link to its own address, rendered with its products.
      await page.getByRole('tab', { name: 'Marketplace' }).click();
      await page.waitForURL(/\/\?tab=marketplace$/);
      expect(await page.getByRole('tab', { name: 'Marketplace' }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.locator('#panel-marketplace article').count()).toBeGreaterThan(0);
      await screenshot(page, `no-js-home-marketplace-${name}`);

      // The header search is a GET form to the search page, which the server renders with results.
      const term = 'Hot Wheels';
      await page.getByRole('searchbox', { name: 'Buscar' }).fill(term);
      await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
      await page.waitForURL(/\/search\?query=Hot\+Wheels$/);
      await expect
        .poll(() =>
          rendered(page)
            .getByText(/Hot Wheels/)
            .count(),
        )
        .toBeGreaterThan(0);
      // Its result tabs are links to the same search with the tab in the address.
      await page.getByRole('tab', { name: /^Productos/ }).click();
      await page.waitForURL(/\/search\?query=Hot(\+|%20)Wheels&tab=products$/);
      expect(await page.getByRole('tab', { name: /^Productos/ }).getAttribute('aria-selected')).toBe('true');
      await screenshot(page, `no-js-search-${name}`);

      await nav.getByRole('link', { name: 'Explorar' }).click();
      await page.waitForURL(/\/explorar$/);
      await context.close();
    });
  }

  it('walks /auctions and a seller’s public profile by their links', async () => {
    const { context, page } = await open(PHONE);
    await page.goto(`${baseUrl()}/auctions`);
    await expect.poll(() => page.getByRole('heading', { name: 'Subastas Activas' }).isVisible()).toBe(true);
    const views = page.getByRole('link', { name: /^View subasta / });
    expect(await views.count()).toBeGreaterThan(0);
    for (const href of await views.evaluateAll((links) => links.map((l) => l.getAttribute('href'))))
      expect(href).toMatch(/^\/auctions\/products\/\d+$/);

    const auctions = (await apiCall('GET', '/api/auctions/list')).body.items as Array<{ owner_id: number }>;
    const seller = (await apiCall('GET', `/api/users/public/id/${auctions[0]!.owner_id}`)).body as {
      username: string;
    };
    await page.goto(`${baseUrl()}/public-profile/${seller.username}`);
    await expect.poll(() => rendered(page).getByText(seller.username).first().isVisible()).toBe(true);
    const cards = rendered(page).getByRole('link', { name: /^View subasta / });
    expect(await cards.count()).toBeGreaterThan(0);
    await screenshot(page, 'no-js-public-profile-phone');
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`sends the /explorar filters and sort as a form whose address reproduces the view (${name})`, async () => {
      const { context, page } = await open(viewport);
      await page.goto(`${baseUrl()}/explorar`);
      const filters = page.getByRole('complementary', { name: 'Filtros' });
      await expect.poll(() => filters.isVisible()).toBe(true);
      const results = page.getByRole('list', { name: 'Resultados' }).getByRole('listitem');
      const all = await results.count();
      expect(all).toBeGreaterThan(1);

      // Sort by price and narrow to buy-now, then send the form.
      await page.getByLabel('Ordenar por').selectOption('price_asc');
      await filters.getByRole('radio', { name: 'Compra directa' }).check();
      await filters.getByRole('button', { name: 'Aplicar filtros' }).click();
      await page.waitForURL(/\/explorar\?.*kind=buy_now/);
      expect(page.url()).toContain('sort=price_asc');
      expect(await filters.getByRole('radio', { name: 'Compra directa' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Ordenar por').inputValue()).toBe('price_asc');
      // The cards in the order the API gives for that view.
      const expected = (await apiCall('GET', '/api/catalog/browse?kind=buy_now&sort=price_asc')).body
        .items as Array<{ name: string }>;
      expect(expected.length).toBeGreaterThan(1);
      for (const [index, item] of expected.slice(0, 3).entries())
        expect(await results.nth(index).textContent()).toContain(item.name);
      await screenshot(page, `no-js-explorar-${name}`);

      // The applied filter's chip is a link to the view without it.
      await page.getByRole('link', { name: /^Quitar filtro Compra directa/ }).click();
      await page.waitForURL((url) => !url.search.includes('kind='));
      await expect.poll(() => results.count()).toBe(all);
      await context.close();
    });
  }
});
