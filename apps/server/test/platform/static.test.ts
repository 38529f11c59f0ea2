import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../src/platform/static.ts';

// A built web app as the build leaves it: hashed assets with their .br and .gz copies.
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const page = `<!doctype html><html><head></head><body>${'<p>hola</p>'.repeat(200)}</body></html>`;

describe('the web app as served', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    for (const [name, content] of [
      ['index.html', page],
      ['assets/app-abc123.js', script],
    ] as const) {
      writeFileSync(path.join(dir, name), content);
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
    }
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    app = Fastify();
    expect(await registerWebApp(app, { distDir: dir })).toBe(true);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers the first page and any deep link with index.html, compressed and never cached', async () => {
    for (const url of ['/', '/auctions/product/7']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    }
  });

  it('sends a small file with no compressed copy as it is, and leaves API misses as 404', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg/>');
    expect((await get('/api/nothing-here', 'br')).statusCode).toBe(404);
  });

  it('names the images a page paints first in index.html, escaped, only where there are some', async () => {
    const preloaded = Fastify();
    await registerWebApp(preloaded, {
      distDir: dir,
      preloads: async (pathname) => {
        if (pathname === '/broken') throw new Error('database away');
        if (pathname === '/auctions/product/7') return { images: ['/images/a"b/full.webp'] };
        return pathname === '/' ? { images: [], data: [] } : {};
      },
    });
    const res = await preloaded.inject({ method: 'GET', url: '/auctions/product/7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/images/a&quot;b/full.webp" fetchpriority="high">',
    );
    // With its links the page is written per address and compressed as the browser accepts.
    for (const [accepts, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await preloaded.inject({
        method: 'GET',
        url: '/auctions/product/7',
        headers: { 'accept-encoding': accepts },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toContain('Accept-Encoding');
      expect(compressed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decode(compressed.rawPayload).toString()).toBe(res.body);
      expect(compressed.rawPayload.length).toBeLessThan(res.body.length / 10);
    }
    // No images, or no answer from the hints: the page as built.
    for (const url of ['/', '/broken']) {
      const plain = await preloaded.inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(page);
    }
    await preloaded.close();
  });

  it('paints a page’s lead in the placeholder’s slot, escaped, and preloads its image, also where the page has no slot', async () => {
    const slot = '<div id="root"><div class="boot-main"></div></div>';
    const withSlot = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(withSlot, 'index.html'), `<html><head></head><body>${slot}</body></html>`);
    const hostile = {
      src: '/images/x"y/full.webp',
      title: 'Camaro <script>alert(1)</script> & "caja" $\' $&',
    };
    for (const [distDir, shows] of [
      [withSlot, true],
      [dir, false],
    ] as const) {
      const led = Fastify();
      await registerWebApp(led, { distDir, preloads: async () => ({ lead: hostile }) });
      const res = await led.inject({ method: 'GET', url: '/auctions/product/7' });
      expect(res.statusCode).toBe(200);
      if (!shows) {
        // Its image is still preloaded.
        expect(res.body).toBe(
          page.replace(
            '</head>',
            '<link rel="preload" as="image" href="/images/x&quot;y/full.webp" fetchpriority="high"></head>',
          ),
        );
      } else {
        const title = "Camaro &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;caja&quot; $' $&amp;";
        expect(res.body).toBe(
          `<html><head><link rel="preload" as="image" href="/images/x&quot;y/full.webp" fetchpriority="high"></head><body><div id="root"><div class="boot-main"><p class="boot-context"></p><div class="boot-head"><p class="boot-title">${title}</p><span class="boot-watch"></span></div><img class="boot-lead" src="/images/x&quot;y/full.webp" alt="${title}" fetchpriority="high"></div></div></body></html>`,
        );
      }
      await led.close();
    }
    rmSync(withSlot, { recursive: true, force: true });
  });
});

describe('index.html names the page’s own code', () => {
  let dir: string;
  let app: FastifyInstance;
  const listed = [
    {
      path: '/',
      scripts: ['/assets/home.js'],
      styles: [],
      parts: [
        {
          param: 'tab',
          value: 'shop',
          scripts: ['/assets/shop.js', '/assets/home.js'],
          styles: ['/assets/shop.css'],
        },
      ],
    },
    { path: '/products/create', scripts: ['/assets/create.js'], styles: ['/assets/forms.css'] },
    { path: '/products/:id', scripts: ['/assets/detail.js', '/assets/shared.js'], styles: [] },
  ];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(listed));
    app = Fastify();
    await registerWebApp(app, {
      distDir: dir,
      preloads: async (pathname) =>
        pathname === '/products/9'
          ? { images: ['/images/p/full.webp'], data: ['/api/things?page=1&size=8'] }
          : {},
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const head = async (url: string) => (await app.inject({ method: 'GET', url })).body.split('</head>')[0];

  it('preloads the chunks and styles of the page the address shows, fixed segments before parameters', async () => {
    expect(await head('/')).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    const create = await head('/products/create');
    expect(create).toContain('<link rel="preload" as="style" crossorigin href="/assets/forms.css">');
    expect(create).toContain('href="/assets/create.js"');
    expect(create).not.toContain('detail.js');
    const detail = await head('/products/9');
    expect(detail).toContain(
      '<link rel="preload" as="image" href="/images/p/full.webp" fetchpriority="high">',
    );
    expect(detail).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/things?page=1&amp;size=8">',
    );
    expect(detail).toContain('href="/assets/detail.js"');
    expect(detail).toContain('href="/assets/shared.js"');
  });

  it('adds the files of a part the address’s query shows (a lazily loaded tab), once each', async () => {
    expect(await head('/')).not.toContain('shop');
    expect(await head('/?tab=other')).not.toContain('shop');
    const shop = await head('/?tab=shop');
    expect(shop).toContain('<link rel="modulepreload" crossorigin href="/assets/shop.js">');
    expect(shop).toContain('<link rel="preload" as="style" crossorigin href="/assets/shop.css">');
    expect(shop?.match(/home\.js/g)).toHaveLength(1);
  });

  it('adds nothing for an address of no listed page, and answers it 404 with the app shell', async () => {
    expect(await head('/no/such/page')).toBe('<html><head>');
    const missing = await app.inject('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('<html><head></head><body></body></html>');
    for (const known of ['/', '/products/9', '/products/create/', '/products/9?tab=x'])
      expect((await app.inject(known)).statusCode, known).toBe(200);
  });
});
