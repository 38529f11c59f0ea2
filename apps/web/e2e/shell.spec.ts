import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext } from './support/browser.ts';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves deep links from the one origin and guards protected routes', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/profile`);
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('redirect_after_login'))).toBe('/profile');
    await context.close();
  });
});
