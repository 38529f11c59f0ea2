import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageRender, registerWebApp } from '../../src/platform/static.ts';

// As the web build writes it: the app's stylesheet only preloaded, the placeholder in the root.
const shell = `<!doctype html><html><head><title>Genérico</title>
<link rel="preload" as="style" crossorigin href="/assets/index.css" data-app-style>
</head><body>
<div id="root"><div class="boot-bar"><span>Coleccionables</span></div><div class="boot-main"></div></div>
</body></html>`;

describe("a page's server render, and the shell when it cannot be had", () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/index.css'), '.page{margin:0}');
    const render: PageRender = async (url) => {
      if (url === '/falla') throw new Error('render broke');
      if (url === '/lenta') return new Promise(() => {});
      if (url === '/sin-render') return undefined;
      if (url === '/guardada')
        return { html: '<main id="main">guardada</main>', state: '{"now":1}', kept: true };
      return {
        html: `<main id="main"><h1>Subastas</h1><p>${url}</p></main>`,
        state: JSON.stringify({ now: 1, queries: { name: 'Auto </script><script>alert(1)</script>' } }),
        timing: { renderMs: 2.25, readMs: 1 },
      };
    };
    app = Fastify();
    await registerWebApp(app, { distDir: dir, render });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts the rendered page in the root, its state beside it, and the app stylesheet in the page', async () => {
    const res = await app.inject('/auctions?search=ferrari');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main id="main"><h1>Subastas</h1><p>/auctions?search=ferrari</p></main></div>',
    );
    expect(res.body).not.toContain('boot-main');
    // Written into the page; its link kept, disabled (not fetched), for the app's code to find.
    expect(res.body).toContain(
      '<style>.page{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index.css" disabled>',
    );
    expect(res.body).not.toContain('data-app-style');
    const state = /<script type="application\/json" id="server-render-state">([^<]*)<\/script>/.exec(
      res.body,
    );
    // A product name cannot close the script element: its `<` is written as an escape.
    expect(JSON.parse(state![1]!).queries.name).toBe('Auto </script><script>alert(1)</script>');
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
  });

  it('serves the plain shell when the render fails, is slow, or is not for this page', async () => {
    const started = Date.now();
    for (const url of ['/falla', '/lenta', '/sin-render']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shell);
    }
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('says in Server-Timing what the render cost, or that the page was rendered earlier', async () => {
    const fresh = await app.inject('/auctions');
    expect(fresh.headers['server-timing']).toBe('render;dur=2.3, read;dur=1.0');
    const kept = await app.inject('/guardada');
    expect(kept.body).toContain('<div id="root"><main id="main">guardada</main></div>');
    expect(kept.headers['server-timing']).toBe('kept;desc="rendered earlier"');
  });
});
