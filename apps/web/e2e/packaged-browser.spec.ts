import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, PHONE } from './support/browser.ts';
import { chromiumExecutable } from './support/chromium.ts';

// The browser tests share the Chromium an npm package ships (E2E_BROWSER=system moves them to
// Debian's); this file drives that browser through a page whichever one the run shares.
describe('the npm-shipped Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser('packaged');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is unpacked outside node_modules', async () => {
    const packaged = await chromiumExecutable('packaged');
    expect(packaged.source).toBe('packaged');
    expect(packaged.path).not.toContain('node_modules');
  });

  it('renders the landing page, runs its JavaScript and shows data from the API', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('tab', { name: 'Marketplace' }).click();
    const cards = page.getByRole('list', { name: 'Productos de compra directa' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    await context.close();
  });
});
