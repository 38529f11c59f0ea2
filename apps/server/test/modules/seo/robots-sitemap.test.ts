import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { sitemapFile } from '../../../src/modules/seo/sitemap.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertUser } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const PUBLIC_URL = 'https://coleccionables.test';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

// The sitemap protocol's schema (written for these tests from sitemaps.org's rules).
const SITEMAP_XSD = readFileSync(new URL('./schemas/sitemap.xsd', import.meta.url), 'utf8');

/** A sitemap file (urlset or index) validated against the protocol's schema by libxml2's xmllint. */
async function expectValidSitemap(xml: string) {
  const result = await validateXML({
    xml: { fileName: 'sitemap.xml', contents: xml },
    schema: { fileName: 'sitemap.xsd', contents: SITEMAP_XSD },
  });
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

/** A sitemap page validated against the protocol's schema, then parsed. */
async function parseUrlset(xml: string): Promise<{ loc: string; lastmod?: string }[]> {
  await expectValidSitemap(xml);
  const doc = parser.parse(xml);
  expect(doc.urlset['@_xmlns']).toBe(NAMESPACE);
  const urls = doc.urlset.url as { loc: string; lastmod?: string }[];
  for (const url of urls) {
    if (url.lastmod) expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
  }
  return urls;
}

describe('robots.txt and the sitemap', () => {
  let t: TestApp;
  let live: number;
  let buyNow: number;
  let takenDown: number;
  let sold: number;
  let ended: number;
  let endedOwn: number;
  let extended: number;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL } });
    const db = t.ctx.db;
    const now = t.ctx.clock.now();
    const seller = await insertUser(db, { is_seller: true });
    live = (await insertAuction(db, seller.id, { now, productCount: 1 })).products[0]!.id;
    ended = (await insertAuction(db, seller.id, { now, status: 'ended', productCount: 1 })).products[0]!.id;
    buyNow = (await insertBuyNowProduct(db, seller.id, 10_000_00, 'Funko & <Goku>')).id;
    // After a soft close on one product, its sibling's own end (the auction's first end) may pass
    // while the auction, ending with the extended product, still runs.
    const pair = await insertAuction(db, seller.id, { now, productCount: 2 });
    [endedOwn, extended] = [pair.products[0]!.id, pair.products[1]!.id];
    await db
      .updateTable('auction_products')
      .set({ end_time: new Date(now.getTime() - 60_000) })
      .where('product_id', '=', endedOwn)
      .execute();
    takenDown = (await insertBuyNowProduct(db, seller.id)).id;
    sold = (await insertBuyNowProduct(db, seller.id)).id;
    await db
      .updateTable('products')
      .set({ taken_down_at: now, status: 'cancelled', takedown_reason: 'falso' })
      .where('id', '=', takenDown)
      .execute();
    await db.updateTable('products').set({ status: 'sold' }).where('id', '=', sold).execute();
  });
  afterAll(() => t?.close());

  it('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await fetch(`${t.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/admin',
      '/profile$',
      '/products/sold',
      '/purchases',
      '/payment',
      '/sandbox/',
      '/api/',
      '/invite/',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(
      lines
        .filter((l) => l.startsWith('Disallow:'))
        .some((l) => /auctions\/product|products\/buy|explorar/.test(l)),
    ).toBe(false);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the landing pages and live listings, not taken-down, sold or ended ones (by their own end)', async () => {
    const res = await fetch(`${t.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const urls = await parseUrlset(await res.text());
    const locs = urls.map((u) => u.loc);
    for (const path of [
      '/',
      '/auctions',
      '/explorar',
      `/auctions/product/${live}`,
      `/products/buy/${buyNow}`,
      `/auctions/product/${extended}`,
    ])
      expect(locs).toContain(PUBLIC_URL + path);
    for (const id of [takenDown, sold, ended, endedOwn])
      expect(locs.some((l) => l.endsWith(`/${id}`))).toBe(false);
    expect(urls.find((u) => u.loc.endsWith(`/products/buy/${buyNow}`))?.lastmod).toBeTruthy();
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });

  it('answers 404 for a sitemap page that does not exist', async () => {
    for (const path of ['/sitemap-1.xml', '/sitemap-0.xml', '/sitemap.txt', '/sitemapx.xml'])
      expect((await fetch(t.url + path)).status, path).toBe(404);
  });
});

describe('sitemap paging', () => {
  const origin = 'https://example.test';
  const entries = Array.from({ length: 5 }, (_, i) => ({
    path: `/products/buy/${i + 1}?a=1&b=<2>`,
    lastmod: new Date(Date.UTC(2026, 0, i + 1)),
  }));

  it('is one urlset up to the page size', async () => {
    const urls = await parseUrlset(sitemapFile(origin, entries, 0, 5)!);
    expect(urls).toHaveLength(5);
    expect(urls[0]!.loc).toBe(`${origin}/products/buy/1?a=1&b=<2>`);
    expect(sitemapFile(origin, entries, 1, 5)).toBeUndefined();
  });

  it('past the page size, sitemap.xml is an index of pages that hold every URL once', async () => {
    const index = sitemapFile(origin, entries, 0, 2)!;
    await expectValidSitemap(index);
    const doc = parser.parse(index);
    expect(doc.sitemapindex['@_xmlns']).toBe(NAMESPACE);
    const pages = doc.sitemapindex.sitemap as { loc: string; lastmod: string }[];
    expect(pages.map((p) => p.loc)).toEqual([1, 2, 3].map((n) => `${origin}/sitemap-${n}.xml`));
    // Each page's lastmod is its newest URL's.
    expect(pages.map((p) => p.lastmod)).toEqual(
      [2, 4, 5].map((d) => new Date(Date.UTC(2026, 0, d)).toISOString()),
    );
    const all: string[] = [];
    for (const n of [1, 2, 3])
      all.push(...(await parseUrlset(sitemapFile(origin, entries, n, 2)!)).map((u) => u.loc));
    expect(all).toEqual(entries.map((e) => origin + e.path));
    expect(sitemapFile(origin, entries, 4, 2)).toBeUndefined();
  });

  it('a file breaking the protocol fails the schema check (the check can fail)', async () => {
    const relative = sitemapFile(origin, entries, 0, 5)!.replace(`<loc>${origin}`, '<loc>');
    const result = await validateXML({
      xml: { fileName: 'sitemap.xml', contents: relative },
      schema: { fileName: 'sitemap.xsd', contents: SITEMAP_XSD },
    });
    expect(result.valid).toBe(false);
  });
});
