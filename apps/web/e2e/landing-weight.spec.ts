import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectedPages, publicPages } from '../src/app/route-table.ts';
import { baseUrl, launchBrowser, newContext, PHONE } from './support/browser.ts';

const dist = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../dist');
/**
 * The first page's JavaScript budget, compressed as the server sends it to a gzip-only browser.
 * The landing is about 119 KB (with its hydration), React DOM, React Router and TanStack Query about 90 of it. It
 * stays there because the landing path loads no zod (the browser build keeps only the routes of
 * the endpoint declarations, build/route-only-endpoints.ts, and messages live apart from
 * schemas), the notifications socket (with its message schemas) loads once someone is logged
 * in, and the router runs in declarative mode (a data router's code weighs 17 KB more).
 */
const LANDING_JS_GZIP_BUDGET = 120 * 1024;

describe('the first page on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`loads at most ${LANDING_JS_GZIP_BUDGET / 1024} KB of gzip JavaScript`, async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    await context.close();
    // As the build compresses them (files under 1 KB are sent plain, which only costs more).
    const sizes = [...scripts].map((file) => ({
      file,
      gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(
      `landing JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files\n` +
        sizes.map((s) => `  ${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join('\n'),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(LANDING_JS_GZIP_BUDGET);
  });

  it('lists every page’s own code for the server to preload, and the server names it in index.html', async () => {
    const listed: Array<{ path: string; scripts: string[] }> = JSON.parse(
      readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'),
    );
    expect(listed).toHaveLength(publicPages.length + protectedPages.length);
    const productPage = listed.find((page) => page.path === '/auctions/product/:id');
    expect(productPage?.scripts[0]).toMatch(/^\/assets\/product-auction-.+\.js$/);
    const html = await (await fetch(`${baseUrl()}/auctions/product/1`)).text();
    const chunk = productPage!.scripts[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A link in the head, or, when the page paints a product's lead from its HTML, in the list its
    // loader adds once that image has painted (apps/server/src/platform/deferred-app-code.ts).
    expect(html).toMatch(
      new RegExp(`<link rel="modulepreload" crossorigin href="${chunk}">|"preloads":\\[[^\\]]*"${chunk}"`),
    );
  });

  it('paints its placeholder header without waiting for a stylesheet, and the app renders styled', async () => {
    // A page the server does not render (the landing pages come rendered, styled at once).
    const html = await (await fetch(`${baseUrl()}/login`)).text();
    // Nothing render-blocking: the app's stylesheet is only preloaded (build/deferred-styles.ts).
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(
      /<link rel="preload" as="style" crossorigin href="\/assets\/index-[^"]+\.css" data-app-style>/,
    );
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const applied = await page.evaluate(() => ({
      sheets: document.querySelectorAll('link[data-app-style][rel="stylesheet"]').length,
      // Set by the app's stylesheet only (index.html's inline styles leave it alone).
      lineHeight: getComputedStyle(document.body).lineHeight,
    }));
    await context.close();
    expect(applied.sheets).toBe(1);
    expect(applied.lineHeight).toBe('24px');
  });

  it('writes the stylesheets of a server-rendered landing page into it: its HTML is the app’s, styled at once', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    // Written into the page (no trip for it), its link kept disabled for the app's code to find.
    expect(html).toMatch(
      /<style>[\s\S]+?<\/style><link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css" disabled>/,
    );
    expect(html).not.toContain('data-app-style');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('tab', { name: 'Subastas' }).waitFor();
    const headerHeight = await page.evaluate(
      () => document.querySelector('header')?.getBoundingClientRect().height,
    );
    await context.close();
    expect(headerHeight).toBeGreaterThanOrEqual(64);
  });
});
