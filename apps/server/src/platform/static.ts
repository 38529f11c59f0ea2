import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// WEB_DIST_DIR lets parallel test runs serve their own build; the default is the web app's dist.
export const webDistDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const NOT_THE_APP = /^\/(api|images|sandbox)\//;

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, and it
 * answers every unknown non-API GET so deep links work. The build writes a brotli and a gzip copy
 * beside each text file: whichever the browser accepts is sent as it is, nothing is compressed
 * per request.
 */
export async function registerWebApp(app: FastifyInstance, distDir = webDistDir): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Ours below, not the library's `public, max-age=0`.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers brotli, gzip or plain bytes: shared caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // API paths, stored images and the sandbox checkout are the server's: a miss there is a real
    // 404, not the web app (in production /sandbox/* must not exist at all).
    if (NOT_THE_APP.test(url) || url.includes('/api/')) return reply.callNotFound();
    const file = path.join(distDir, path.normalize(url));
    if (url !== '/' && file.startsWith(distDir) && existsSync(file) && !url.endsWith('/')) {
      return reply.sendFile(path.relative(distDir, file));
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
