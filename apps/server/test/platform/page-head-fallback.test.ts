import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageHeads, registerWebApp } from '../../src/platform/static.ts';

const shell =
  '<!doctype html><html><head><title>Genérico</title>\n<meta name="description" content="Genérica" />\n</head><body><div id="root"></div></body></html>';

describe("a page's head when its data cannot be read", () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    const heads: PageHeads = async (pathname) => {
      if (pathname === '/falla') throw new Error('database away');
      if (pathname === '/lenta') return new Promise(() => {});
      return { html: '<title>Propio</title>', status: pathname === '/ido' ? 404 : undefined };
    };
    app = Fastify();
    await registerWebApp(app, { distDir: dir, heads });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("replaces the generic title and description with the page's own", async () => {
    const res = await app.inject('/propia');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Propio</title>');
    expect(res.body).not.toContain('Genérico');
    expect(res.body).not.toContain('Genérica');
    expect((await app.inject('/ido')).statusCode).toBe(404);
  });

  it('serves the generic shell when the read fails', async () => {
    const res = await app.inject('/falla');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(shell);
  });

  it('serves the generic shell when the read is slow, without waiting for it', async () => {
    const started = Date.now();
    const res = await app.inject('/lenta');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(shell);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('the test-mode banner', () => {
  let dir: string;
  let app: FastifyInstance;
  const banner = '<aside aria-label="Aviso de pruebas">Modo de pruebas</aside>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    const heads: PageHeads = async (pathname) =>
      pathname === '/propia' ? { html: '<title>Propio</title>' } : undefined;
    app = Fastify();
    await registerWebApp(app, { distDir: dir, heads, banner });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the body of every page, with a head of its own or the generic one, once', async () => {
    for (const url of ['/', '/propia', '/no-existe']) {
      const res = await app.inject(url);
      expect(res.body, url).toContain(`<body>${banner}<div id="root">`);
      expect(res.body.split(banner).length - 1, url).toBe(1);
    }
  });
});
