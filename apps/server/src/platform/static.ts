import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deferAppCode, EARLY_REQUESTS, leadImagesOf, modulePreloadsOf } from './deferred-app-code.ts';
import { isAppPageOf, pageFilesOf } from './page-files.ts';
import {
  escapeHtml,
  GENERIC_HEAD,
  HEAD_START,
  inlineStylesheets,
  LEAD_SLOT,
  leadHtml,
  withRenderedPage,
} from './page-html.ts';

/** apps/server, from this file run as TypeScript (src/platform/) or compiled into dist/. */
const serverDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  import.meta.url.endsWith('.ts') ? '../..' : '..',
);

// WEB_DIST_DIR lets parallel test runs serve their own build; the default is the web app's dist.
export const webDistDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(serverDir, '../web/dist');

const NOT_THE_APP = /^\/(api|images|sandbox)\//;

/**
 * What a page needs first, found from its address before the app runs (a module's knowledge):
 * the images it paints largest (a product page's image) and the public API answers it shows
 * first (the home page's auctions), which the app's own request then takes from the preload.
 */
interface PageHints {
  images?: string[];
  data?: string[];
  /**
   * The page's largest image and the title above it, painted in index.html's placeholder (in its
   * `boot-main` box) so that they show while the app's code downloads instead of after it runs.
   * Its image is preloaded like `images`.
   */
  lead?: { src: string; title: string };
}
export type PagePreloads = (pathname: string) => Promise<PageHints>;

/**
 * A page's own head (title, description, canonical, link-preview tags), written in place of
 * index.html's generic title and description, and its status (404 for a product that is gone:
 * the app still runs and shows its not-found page). Undefined: the generic shell.
 */
interface PageHeadTags {
  html: string;
  status?: number;
}
export type PageHeads = (pathname: string, request: FastifyRequest) => Promise<PageHeadTags | undefined>;

/**
 * How long a page waits for its head's data: a slow database must not hold the page, which then
 * goes out with the generic title (the app sets its own once it runs).
 */
const HEAD_WAIT_MS = 1500;

function headWithin(heads: PageHeads | undefined, pathname: string, request: FastifyRequest) {
  if (!heads) return Promise.resolve(undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), HEAD_WAIT_MS);
  });
  const read = heads(pathname, request).catch((err: unknown) => {
    request.log.warn({ err }, 'page head not read: generic shell');
    return undefined;
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/** A page's server render (server-render.ts): its HTML for index.html's root element, its state (JSON). */
export interface RenderedPage {
  html: string;
  state: string;
  /** Milliseconds spent rendering and waiting for the render's API reads (sent as Server-Timing). */
  timing?: { renderMs: number; readMs: number };
  /** Whether every read of the render answered (only such a page is kept for other visitors). */
  complete?: boolean;
  /** Served from an earlier render (rendered-pages.ts): no render nor read for this request. */
  kept?: boolean;
}
export type PageRender = (url: string, request: FastifyRequest) => Promise<RenderedPage | undefined>;

/**
 * How long a page waits for its server render (its API reads included): past it, or when the
 * render fails, the page goes out as the plain shell and the app renders it in the browser, as
 * without a server render. Never an error page because of the render.
 */
const RENDER_WAIT_MS = 1500;

function renderWithin(render: PageRender | undefined, url: string, request: FastifyRequest) {
  if (!render) return Promise.resolve(undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      request.log.warn({ url }, 'page render too slow: plain shell');
      resolve(undefined);
    }, RENDER_WAIT_MS);
  });
  const rendered = render(url, request).catch((err: unknown) => {
    request.log.warn({ err, url }, 'page render failed: plain shell');
    return undefined;
  });
  return Promise.race([rendered, late]).finally(() => clearTimeout(timer));
}

/**
 * index.html with a page's preload links, compressed as the browser accepts: it is a few KB,
 * written per address, so it is compressed per request (brotli at a fast quality, well under a
 * millisecond) instead of sent plain.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, and it
 * answers every unknown non-API GET so deep links work. The build writes a brotli and a gzip copy
 * beside each text file: whichever the browser accepts is sent as it is, nothing is compressed
 * per request.
 *
 * index.html names what the address's page needs first with preload links: the page's own
 * chunks and styles (from the build's list) and its first images (`preloads`). The browser then
 * fetches them beside the app's entry instead of after the entry has run, the page's code has
 * loaded and its data has come back.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir?: string;
    preloads?: PagePreloads;
    heads?: PageHeads;
    render?: PageRender;
    /** HTML every page shows first, outside the app's root (the payments test-mode notice). */
    banner?: string;
  } = {},
): Promise<boolean> {
  const distDir = options.distDir ?? webDistDir;
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  // The banner (when set) is in every page: written into the shell once, not per request.
  const builtHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const indexHtml = options.banner
    ? builtHtml.replace(/<body[^>]*>/i, (body) => `${body}${options.banner}`)
    : builtHtml;
  const entryPreloads = modulePreloadsOf(indexHtml);
  const pageFiles = pageFilesOf(distDir);
  const isAppPage = isAppPageOf(distDir);
  const stylesheet = inlineStylesheets(distDir);
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
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // API paths, stored images and the sandbox checkout are the server's: a miss there is a real
    // 404, not the web app (in production /sandbox/* must not exist at all).
    if (NOT_THE_APP.test(url) || url.includes('/api/')) {
      reply.callNotFound();
      return reply;
    }
    const file = path.join(distDir, path.normalize(url));
    if (url !== '/' && file.startsWith(distDir) && existsSync(file) && !url.endsWith('/')) {
      return reply.sendFile(path.relative(distDir, file));
    }
    reply.header('cache-control', 'no-cache');
    const [hints, head, rendered] = await Promise.all([
      options.preloads ? options.preloads(url).catch((): PageHints => ({})) : ({} as PageHints),
      headWithin(options.heads, url, request),
      // With the query: a page's view (/explorar's filters, /auctions?search=) is in it.
      renderWithin(options.render, request.url, request),
    ]);
    const files = pageFiles(url, new URLSearchParams(request.url.slice(url.length + 1)));
    // The images the page paints first: the render's own (marked `fetchpriority="high"`) or the
    // address's hints. Named first in the head, before any script: on HTTP/1.1's six connections
    // what is asked for first is fetched first.
    const images = [
      ...new Set([
        ...(rendered ? leadImagesOf(rendered.html) : []),
        ...(hints.images ?? []),
        ...(hints.lead ? [hints.lead.src] : []),
      ]),
    ];
    const imageLinks = images.map(
      (href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`,
    );
    const links = [
      // `crossorigin` as the app's fetch() asks (cors, same-origin credentials), or it is not reused.
      // A rendered page carries its data: nothing to ask for early.
      ...(rendered ? [] : (hints.data ?? [])).map(
        (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
      ),
      // The app links its chunks' stylesheets with `crossorigin`: a preload without it is not
      // reused and the stylesheet is downloaded twice.
      // A rendered page shows at once with its own styles: they are applied, not only preloaded.
      ...(files?.styles ?? []).map((href) =>
        rendered
          ? stylesheet(href, ' crossorigin')
          : `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`,
      ),
      ...(files?.scripts ?? []).map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
      ),
    ];
    // An address no page of the app answers: the app still runs (it shows its not-found page),
    // but crawlers and link checkers are told it is not there, instead of a 200 for any address.
    if (isAppPage && !isAppPage(url)) reply.status(404);
    if (links.length === 0 && imageLinks.length === 0 && !head && !rendered && !options.banner)
      return reply.type('text/html').sendFile('index.html');
    let html = indexHtml;
    if (head) {
      for (const tag of GENERIC_HEAD) html = html.replace(tag, '');
      if (head.status) reply.status(head.status);
    }
    // Replacer functions: a `$` in a product's name is not a replacement pattern.
    html = html
      .replace(HEAD_START, (start) => `${start}${imageLinks.join('')}`)
      .replace('</head>', () => `${head?.html ?? ''}${links.join('')}</head>`);
    const { lead } = hints;
    if (rendered) {
      // The early request is a product page's (never rendered here).
      html = deferAppCode(withRenderedPage(html, rendered, stylesheet).replace(EARLY_REQUESTS, ''));
      // What the render cost beside its data (the bench reads it; so can a browser's tools).
      if (rendered.kept) reply.header('server-timing', 'kept;desc="rendered earlier"');
      else if (rendered.timing)
        reply.header(
          'server-timing',
          `render;dur=${rendered.timing.renderMs.toFixed(1)}, read;dur=${rendered.timing.readMs.toFixed(1)}`,
        );
    } else if (lead && html.includes(LEAD_SLOT))
      html = deferAppCode(
        html.replace(LEAD_SLOT, () => leadHtml(lead)),
        entryPreloads,
      );
    return sendPage(request, reply, html);
  });
  return true;
}
