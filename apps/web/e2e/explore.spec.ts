import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  openPage as openBrowserPage,
  PHONE,
  screenshot,
} from './support/browser.ts';

describe('explorar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const openPage = (viewport = DESKTOP) => openBrowserPage(browser, viewport);

  it('filters change the address, a reload shows the same view, back and forward walk the filters', async () => {
    const { context, page, errors } = await openPage();
    await page.goto(baseUrl());
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Explorar' }).click();
    await page.waitForURL(/\/explorar$/);
    await expect
      .poll(() => page.getByRole('list', { name: 'Resultados' }).getByRole('listitem').count())
      .toBeGreaterThan(3);
    const all = Number((await page.getByText(/^\d+ resultados?$/).textContent())?.match(/\d+/)?.[0]);

    const filters = page.getByRole('complementary', { name: 'Filtros' });
    // The radio follows the address, which changes in a router transition: click, then wait
    // for it (check() reads the state at once and fails when the machine is slow).
    const buyNow = filters.getByRole('radio', { name: 'Compra directa' });
    await buyNow.click();
    await page.waitForURL(/kind=buy_now/);
    await expect.poll(() => buyNow.isChecked()).toBe(true);
    const category = filters.getByLabel('Categoría');
    const cars = await category.locator('option', { hasText: 'Autos die-cast' }).getAttribute('value');
    await category.selectOption(cars!);
    await page.waitForURL(/category_id=\d+/);
    await page.getByLabel('Ordenar por').selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    const chips = page.getByRole('list', { name: 'Filtros aplicados' });
    await expect.poll(() => chips.getByRole('link').count()).toBe(2);
    await expect
      .poll(async () => page.getByText(/^\d+ resultados?$/).textContent())
      .not.toBe(`${all} resultados`);
    // The previous results stay on screen while the new ones load (the area is aria-busy meanwhile).
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const cards = page.getByRole('list', { name: 'Resultados' }).getByRole('heading');
    const before = await cards.allTextContents();
    expect(before.length).toBeGreaterThan(0);
    await screenshot(page, 'explore-desktop');
    await expectAccessible(page);

    // A reload (or the link shared) shows the same view.
    const url = page.url();
    await page.reload();
    await expect.poll(() => cards.allTextContents()).toEqual(before);
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('price_asc');
    expect(await filters.getByRole('radio', { name: 'Compra directa' }).isChecked()).toBe(true);
    const fresh = await context.newPage();
    await fresh.goto(url);
    await expect
      .poll(() => fresh.getByRole('list', { name: 'Resultados' }).getByRole('heading').allTextContents())
      .toEqual(before);

    // A chip removes its filter; back brings it again, forward takes it away.
    await chips.getByRole('link', { name: /Quitar filtro Compra directa/ }).click();
    await page.waitForURL((u) => !u.search.includes('kind='));
    await page.goBack();
    await page.waitForURL(/kind=buy_now/);
    expect(await filters.getByRole('radio', { name: 'Compra directa' }).isChecked()).toBe(true);
    await page.goForward();
    await page.waitForURL((u) => !u.search.includes('kind='));
    expect(await filters.getByRole('radio', { name: 'Todos' }).isChecked()).toBe(true);

    // A search that finds nothing says so.
    await page.getByLabel('Buscar en Explorar').fill('xqzw inexistente');
    await page.getByLabel('Buscar en Explorar').press('Enter');
    await page.waitForURL(/q=xqzw/);
    await expect
      .poll(() => page.getByText('No hay productos que coincidan con estos filtros.').isVisible())
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("search results link to the same term in Explorar ('Ver todo en Explorar')", async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/search?query=pokemon`);
    await page.getByRole('link', { name: 'Ver todo en Explorar' }).click();
    await page.waitForURL(/\/explorar\?q=pokemon/);
    expect(await page.getByLabel('Buscar en Explorar').inputValue()).toBe('pokemon');
    await context.close();
  });

  it('on a phone the filters open in a dialog: keyboard opens it, focus stays inside, Escape closes it', async () => {
    const { context, page, errors } = await openPage(PHONE);
    await page.goto(`${baseUrl()}/explorar`);
    await expect
      .poll(() => page.getByRole('list', { name: 'Resultados' }).getByRole('listitem').count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('complementary', { name: 'Filtros' }).isVisible()).toBe(false);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'explore-phone');
    await expectAccessible(page);

    const opener = page.getByRole('button', { name: /^Filtros/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Filtros' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'explore-phone-filters');
    await expectAccessible(page);
    // Tabbing around never leaves the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    // A filter chosen inside applies at once.
    const auctions = dialog.getByRole('radio', { name: 'Subastas' });
    await auctions.click();
    await page.waitForURL(/kind=auction/);
    await expect.poll(() => auctions.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Filtros/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
