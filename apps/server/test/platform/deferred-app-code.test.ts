import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  APP_CODE_LOADER,
  APP_CODE_LOADER_CSP,
  deferAppCode,
  leadImagesOf,
} from '../../src/platform/deferred-app-code.ts';
import { registerSecurityHeaders } from '../../src/platform/security-headers.ts';
import { registerWebApp } from '../../src/platform/static.ts';

// As the web build writes index.html: the early request, the entry, its preloads, the placeholder.
const shell = `<!doctype html><html><head>
<meta charset="UTF-8" />
<title>Genérico</title>
<script type="module" async crossorigin src="/assets/early.js"></script>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="preload" as="style" crossorigin href="/assets/index.css" data-app-style>
</head><body>
<div id="root"><div class="boot-bar"><span>Coleccionables</span></div><div class="boot-main"></div></div>
</body></html>`;

const appCode = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-code">([^<]*)<\/script>/.exec(html)![1]!) as {
    entry: string;
    preloads: string[];
    pageOnly?: number;
  };

describe('a page painted from its HTML asks for the app’s code after its lead images', () => {
  it('moves the entry and its preloads from the head to the loader’s list', () => {
    const html = deferAppCode(shell);
    expect(html).not.toContain('src="/assets/index.js"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(appCode(html)).toEqual({ entry: '/assets/index.js', preloads: ['/assets/react.js'] });
    expect(html).toContain(`<script>${APP_CODE_LOADER}</script></body>`);
    // A page without an entry is left as it is.
    expect(deferAppCode('<html><body></body></html>')).toBe('<html><body></body></html>');
  });

  it('lists the page’s own preloads after the entry’s, counted, for a lead that may be dropped', () => {
    // The page's chunk named first in the head, as the server may write it.
    const page = shell.replace(
      '<script type="module" crossorigin',
      '<link rel="modulepreload" crossorigin href="/assets/page.js">\n<script type="module" crossorigin',
    );
    expect(appCode(deferAppCode(page, ['/assets/react.js']))).toEqual({
      entry: '/assets/index.js',
      preloads: ['/assets/react.js', '/assets/page.js'],
      pageOnly: 1,
    });
    // Only the entry's own: nothing counted.
    expect(appCode(deferAppCode(shell, ['/assets/react.js']))).toEqual({
      entry: '/assets/index.js',
      preloads: ['/assets/react.js'],
    });
  });

  it('finds the images a render marks as its first paint', () => {
    expect(
      leadImagesOf(
        '<img src="/a.webp" alt=""><img loading="eager" fetchpriority="high" alt="x" src="/b.webp?w=1&amp;h=2"><img fetchpriority="low" src="/c.webp">',
      ),
    ).toEqual(['/b.webp?w=1&h=2']);
  });

  it('serves a rendered page with its lead images first in the head, no data preload, no early request, and a CSP allowing the loader', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/index.css'), '.page{margin:0}');
    const app = Fastify();
    registerSecurityHeaders(app);
    await registerWebApp(app, {
      distDir: dir,
      preloads: async () => ({ data: ['/api/things'] }),
      render: async () => ({
        html: '<main><img fetchpriority="high" src="/images/1/thumb.webp" alt="Auto"></main>',
        state: '{}',
      }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(
        /^<!doctype html><html><head>\n<meta charset="UTF-8" \/><link rel="preload" as="image" href="\/images\/1\/thumb.webp" fetchpriority="high">/,
      );
      expect(res.body).not.toContain('/api/things');
      expect(res.body).not.toContain('/assets/early.js');
      expect(appCode(res.body).entry).toBe('/assets/index.js');
      const loader = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
      const hash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
      expect(hash).toBe(APP_CODE_LOADER_CSP);
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
