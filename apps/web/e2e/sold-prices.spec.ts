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
import { listedProductId } from './support/fixtures.ts';

/** The section's median, and its table's rows as a screen reader gets them. */
async function soldSection(page: Page) {
  const section = page.getByRole('region', { name: 'Vendidos recientemente' });
  await section.getByText('Precio mediano').waitFor();
  await section.getByRole('img', { name: /Precio de venta en el tiempo/ }).waitFor();
  const rows = section.getByRole('table', { includeHidden: true }).locator('tbody tr');
  return { section, rows };
}

describe('Vendidos recientemente', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the buy-now page shows the median, lowest and highest price of similar sales, a chart and a table', async () => {
    const id = await listedProductId('Hot Wheels Nissan Skyline GT-R R34', 'buy_now');
    for (const [viewport, name] of [
      [PHONE, 'sold-prices-buy-phone'],
      [DESKTOP, 'sold-prices-buy-desktop'],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await loginAs(page, demo.buyer);
      await page.goto(`${baseUrl()}/products/buy/${id}`);
      const { section, rows } = await soldSection(page);
      // Four past Skylines: 58,000, 61,000, 72,000 and 80,000 pesos.
      await expect.poll(() => rows.count()).toBe(4);
      const text = (await section.textContent())?.replace(/\s+/g, ' ') ?? '';
      expect(text).toMatch(/Precio mediano\$ ?66\.500/);
      expect(text).toMatch(/Mínimo\$ ?58\.000/);
      expect(text).toMatch(/Máximo\$ ?80\.000/);
      // The drawing loads with the section, after the page.
      await section.locator('.recharts-surface').first().waitFor();
      await checkPage(page, name);
      await context.close();
    }
  });

  it('the auction page shows it too, and a product nothing like any sale shows the empty state', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    const id = await listedProductId('Bburago Ferrari F40', 'auction');
    await page.goto(`${baseUrl()}/auctions/product/${id}`);
    const { rows } = await soldSection(page);
    await expect.poll(() => rows.count()).toBe(3);
    await checkPage(page, 'sold-prices-auction-desktop');
    await page.setViewportSize(PHONE);
    await soldSection(page);
    await checkPage(page, 'sold-prices-auction-phone');
    await page.setViewportSize(DESKTOP);

    const lonely = await listedProductId('Tokidoki Unicorno Serie 9', 'buy_now');
    await page.goto(`${baseUrl()}/products/buy/${lonely}`);
    await page
      .getByRole('region', { name: 'Vendidos recientemente' })
      .getByText('Aún no hay ventas de productos similares en el último año.')
      .waitFor();
    await context.close();
  });
});
