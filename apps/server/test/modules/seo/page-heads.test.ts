import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseImageStore, processImageBytes } from '../../../src/platform/images.ts';
import { insertAuction } from '../../factories/auctions.ts';
import { makeImage } from '../../factories/images.ts';
import { insertBuyNowProduct } from '../../factories/payments.ts';
import { insertUser } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { jsonLd, metaContent, pageTitle } from './html.ts';

// The web app's own index.html as the shell (its generic title and description are replaced).
const dist = vi.hoisted(() => {
  const { mkdtempSync } = require('node:fs') as typeof import('node:fs');
  const dir = mkdtempSync(`${require('node:os').tmpdir()}/seo-dist-`);
  process.env.WEB_DIST_DIR = dir;
  return dir;
});

const PUBLIC_URL = 'https://coleccionables.test';
const HOSTILE = `Auto </script><script>alert(1)</script> "comillas" 'simples' <b>&amp; \u2028`;

describe('pages that describe themselves', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUser>>;
  let live: { id: number; name: string };
  let hostile: { id: number };
  let buyNow: { id: number; name: string };

  const page = async (url: string) => {
    const res = await fetch(t.url + url);
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    copyFileSync(
      path.resolve(import.meta.dirname, '../../../../web/index.html'),
      path.join(dist, 'index.html'),
    );
    copyFileSync(
      path.resolve(import.meta.dirname, '../../../../web/public/og-image.png'),
      path.join(dist, 'og-image.png'),
    );
    t = await startTestApp({ env: { PUBLIC_URL } });
    const db = t.ctx.db;
    const now = t.ctx.clock.now();
    seller = await insertUser(db, { is_seller: true, username: 'vendedora_seo' });
    const imageId = await databaseImageStore.save(
      db,
      await processImageBytes(await makeImage('png', { width: 800, height: 600 })),
      now,
    );
    const { products } = await insertAuction(db, seller.id, {
      now,
      productCount: 2,
      product: {
        image_id: imageId,
        base_price: 50_000_00,
        description: 'Un Ferrari 1:18 en su caja original.',
      },
    });
    live = products[0]!;
    const rival = await insertUser(db);
    // The current price of a running auction is its highest bid.
    await db
      .insertInto('bids')
      .values(
        [70_000_00, 95_000_00].map((amount) => ({
          auction_id: products[0]!.auction_id!,
          product_id: live.id,
          user_id: rival.id,
          amount,
          created_at: now,
        })),
      )
      .execute();
    // As an accepted bid does, the product's row of its auction keeps the highest bid.
    await db
      .updateTable('auction_products')
      .set({ highest_bid: 95_000_00, bid_count: 2 })
      .where('product_id', '=', live.id)
      .execute();
    hostile = products[1]!;
    await db
      .updateTable('products')
      .set({ name: HOSTILE, description: HOSTILE })
      .where('id', '=', hostile.id)
      .execute();
    buyNow = await insertBuyNowProduct(db, seller.id, 80_000_00, 'Funko Pop Goku');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Coleccionables · Subastas y compra directa de juguetes de colección'],
    ['/auctions', 'Subastas Activas | Coleccionables'],
    ['/explorar', 'Explorar | Coleccionables'],
  ])('the landing page %s has its title, description, canonical and Open Graph tags', async (url, title) => {
    const { status, html } = await page(url);
    expect(status).toBe(200);
    expect(pageTitle(html)).toBe(title);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toMatch(/\S{10,}/);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}">`);
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'property', 'og:url')).toBe(PUBLIC_URL + url);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    // The site's preview image, large, on a page without an image of its own.
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<div id="root">');
  });

  it("a product's auction page names it, with its image, current price and a Product in JSON-LD", async () => {
    const { status, html } = await page(`/auctions/product/${live.id}`);
    expect(status).toBe(200);
    expect(pageTitle(html)).toBe(`${live.name} | Subasta en vivo`);
    expect(metaContent(html, 'name', 'description')).toBe('Un Ferrari 1:18 en su caja original.');
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/auctions/product/${live.id}`);
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('95000');
    expect(metaContent(html, 'property', 'product:price:currency')).toBe('COP');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const product = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: live.name,
      description: 'Un Ferrari 1:18 en su caja original.',
      offers: {
        '@type': 'Offer',
        price: 95000,
        priceCurrency: 'COP',
        availability: 'https://schema.org/InStock',
        url: `${PUBLIC_URL}/auctions/product/${live.id}`,
      },
    });
    expect(product.image).toMatch(new RegExp(`^${PUBLIC_URL}/images/`));
  });

  it('never shows the secret reserve price: without bids or a base price the head names no price', async () => {
    const db = t.ctx.db;
    await db
      .updateTable('products')
      .set({ base_price: null, reserve_price: 77_777_00 })
      .where('id', '=', hostile.id)
      .execute();
    try {
      const { status, html } = await page(`/auctions/product/${hostile.id}`);
      expect(status).toBe(200);
      expect(html).not.toContain('77777');
      expect(metaContent(html, 'property', 'product:price:amount')).toBeUndefined();
      expect(jsonLd(html).offers).not.toHaveProperty('price');
    } finally {
      await db.updateTable('products').set({ base_price: 50_000_00 }).where('id', '=', hostile.id).execute();
    }
  });

  it('the link-preview image is absolute and large enough for WhatsApp', async () => {
    const { html } = await page(`/auctions/product/${live.id}`);
    const image = new URL(metaContent(html, 'property', 'og:image')!);
    expect(image.origin).toBe(PUBLIC_URL);
    const res = await fetch(t.url + image.pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const size = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(size.width).toBeGreaterThanOrEqual(300);
    expect(size.height).toBeGreaterThanOrEqual(200);
    expect(metaContent(html, 'property', 'og:image:width')).toBe(String(size.width));
    expect(metaContent(html, 'property', 'og:image:height')).toBe(String(size.height));
    // Asked again: the same bytes (kept, not rendered anew); an unknown image is a 404.
    const again = await fetch(t.url + image.pathname);
    expect(again.status).toBe(200);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id'])
      expect((await fetch(`${t.url}/images/${bad}/preview.jpg`)).status).toBe(404);
  });

  it('a buy-now page offers the product at its sale price', async () => {
    const { status, html } = await page(`/products/buy/${buyNow.id}`);
    expect(status).toBe(200);
    expect(pageTitle(html)).toBe('Funko Pop Goku | Compra directa');
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('80000');
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Product',
      name: 'Funko Pop Goku',
      offers: { price: 80000, priceCurrency: 'COP', availability: 'https://schema.org/InStock' },
    });
    // No image of its own: the site's preview image, absolute, at its real size.
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    const res = await fetch(`${t.url}/og-image.png`);
    expect(res.status).toBe(200);
    const size = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(metaContent(html, 'property', 'og:image:width')).toBe(String(size.width));
    expect(metaContent(html, 'property', 'og:image:height')).toBe(String(size.height));
    expect(size.width! / size.height!).toBeCloseTo(1.91, 1);
  });

  it('a hostile product name is escaped everywhere and read back whole', async () => {
    const { status, html } = await page(`/auctions/product/${hostile.id}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"comillas"');
    // Only the app's own script elements and the JSON-LD one close.
    expect(html.match(/<\/script>/g)?.length).toBe((html.match(/<script[\s>]/g) ?? []).length);
    expect(pageTitle(html)).toBe(`${HOSTILE} | Subasta en vivo`);
    expect(metaContent(html, 'property', 'og:title')).toBe(`${HOSTILE} | Subasta en vivo`);
    expect(jsonLd(html).name).toBe(HOSTILE);
  });

  it('a public profile is titled with the seller; an unknown one keeps the generic shell', async () => {
    // Under each of its addresses, with one canonical one.
    for (const address of ['/public-profile/vendedora_seo', `/seller/${seller.id}`]) {
      const { status, html } = await page(address);
      expect(status, address).toBe(200);
      expect(pageTitle(html), address).toBe('vendedora_seo | Perfil del vendedor');
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/public-profile/vendedora_seo">`);
      expect(metaContent(html, 'property', 'og:type'), address).toBe('profile');
    }
    expect(pageTitle((await page('/seller/999999')).html)).toBe(
      'Coleccionables · Subastas y compra directa de juguetes de colección',
    );
    const unknown = await page('/public-profile/nadie_%3Cb%3E');
    expect(unknown.status).toBe(200);
    expect(pageTitle(unknown.html)).toBe(
      'Coleccionables · Subastas y compra directa de juguetes de colección',
    );
    expect(unknown.html).not.toContain('nadie');
  });

  it('a taken-down or unknown product answers 404 with the app shell and noindex', async () => {
    const gone = await insertBuyNowProduct(t.ctx.db, seller.id, 10_000_00, 'Retirado');
    await t.ctx.db
      .updateTable('products')
      .set({ taken_down_at: t.ctx.clock.now(), status: 'cancelled', takedown_reason: 'falso' })
      .where('id', '=', gone.id)
      .execute();
    for (const url of [`/products/buy/${gone.id}`, `/auctions/product/${gone.id}`, '/products/buy/999999']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).toContain('<div id="root">');
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
      expect(html).not.toContain('Retirado');
      expect(html).not.toContain('application/ld+json');
    }
  });

  it("an ended auction's product is named finished and no longer offered; an upcoming one is live", async () => {
    const now = t.ctx.clock.now();
    const { products: ended } = await insertAuction(t.ctx.db, seller.id, {
      now,
      status: 'ended',
      productCount: 1,
    });
    const endedPage = await page(`/auctions/product/${ended[0]!.id}`);
    expect(pageTitle(endedPage.html)).toBe(`${ended[0]!.name} | Subasta finalizada`);
    expect(jsonLd(endedPage.html).offers.availability).toBe('https://schema.org/OutOfStock');
    const { products: upcoming } = await insertAuction(t.ctx.db, seller.id, {
      now,
      status: 'upcoming',
      productCount: 1,
    });
    const upcomingPage = await page(`/auctions/product/${upcoming[0]!.id}`);
    expect(pageTitle(upcomingPage.html)).toBe(`${upcoming[0]!.name} | Subasta en vivo`);
  });

  it('a sold product keeps its page, sold out', async () => {
    const sold = await insertBuyNowProduct(t.ctx.db, seller.id, 30_000_00, 'Vendido');
    await t.ctx.db.updateTable('products').set({ status: 'sold' }).where('id', '=', sold.id).execute();
    const { status, html } = await page(`/products/buy/${sold.id}`);
    expect(status).toBe(200);
    expect(jsonLd(html).offers).toMatchObject({ price: 30000, availability: 'https://schema.org/SoldOut' });
  });
});
