import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, PHONE } from './support/browser.ts';
import { chromiumExecutable } from './support/chromium.ts';

// CI runs the browser tests on Debian's Chromium; this file keeps the fallback for machines
// without it (the Chromium shipped by an npm package) working, by driving it through a page.
describe('the npm-shipped Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser('packaged');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is what the tests fall back to, unpacked outside node_modules', async () => {
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
