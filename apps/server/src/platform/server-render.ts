import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type PageRender, type RenderedPage, webDistDir } from './static.ts';

/** What the web app's server entry (apps/web/src/entry-server.tsx) exports. */
interface ServerEntry {
  render(
    url: string,
    options: { read: (path: string, init: RequestInit) => Promise<Response>; now: number },
  ): Promise<RenderedPage | undefined>;
}

// The web build writes the server render's bundle beside the browser's (`vite build --ssr`).
const serverEntryFile = process.env.WEB_SSR_ENTRY
  ? path.resolve(process.env.WEB_SSR_ENTRY)
  : path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');

/**
 * The web app's server render, when its bundle is built: the pages people land on go out with
 * their content, painted before the app's code has loaded. Its API reads are the visitor's own
 * requests to this server's routes (in process, with the visitor's address: rate limits count
 * them as theirs), anonymous: the server renders what a visitor without a session sees.
 * Undefined without the bundle (the web app is then served as its plain shell).
 */
export async function loadServerRender(
  app: FastifyInstance,
  now: () => Date,
  entryFile = serverEntryFile,
): Promise<PageRender | undefined> {
  if (!existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  return (url, request) =>
    entry.render(url, {
      now: now().getTime(),
      read: async (apiPath, init) => {
        const res = await app.inject({
          method: 'GET',
          url: apiPath,
          headers: { accept: 'application/json' },
          remoteAddress: request.ip,
          signal: init.signal ?? undefined,
        });
        const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
        return new Response(empty ? null : res.rawPayload, {
          status: res.statusCode,
          headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
        });
      },
    });
}
