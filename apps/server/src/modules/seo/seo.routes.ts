import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { PageHeads } from '../../platform/static.ts';
import { pageDescriptions } from './page-descriptions.ts';
import { headHtml } from './page-head.ts';
import { seoRepository as repo } from './seo.repository.ts';
import { SITEMAP_PAGE_SIZE, type SitemapEntry, sitemapFile } from './sitemap.ts';

/** The sitemap is read from the database at most this often. */
const SITEMAP_CACHE_MS = 5 * 60_000;
const LANDING_PAGES = ['/', '/auctions', '/explorar'];

/**
 * Pages a search engine has no business with: the operator console, the account's own pages,
 * checkout and payment results, the sandbox payment page, the API, invitation links.
 */
const DISALLOWED = [
  '/admin',
  '/profile$',
  '/products$',
  '/products/create',
  '/products/sold',
  '/my-auctions',
  '/auctions/create',
  '/auctions/won',
  '/seller/payments',
  '/shipping-addresses',
  '/purchases',
  '/watchlist',
  '/questions',
  '/notifications',
  '/claims/',
  '/payment',
  '/invite/',
  '/login',
  '/register',
  '/sandbox/',
  '/api/',
  '/auctions/api/',
];

/** The site's public address: the configured one, else the request's own origin. */
function publicOrigin(ctx: AppContext, request: FastifyRequest) {
  const configured = ctx.config.PUBLIC_URL?.replace(/\/+$/, '');
  return configured ?? `${request.protocol}://${request.host}`;
}

/** robots.txt and the sitemap; answers the page heads the web app's shell is served with. */
export async function seoRoutes(app: FastifyInstance, ctx: AppContext): Promise<PageHeads> {
  app.get('/robots.txt', async (request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`)];
    lines.push('', `Sitemap: ${publicOrigin(ctx, request)}/sitemap.xml`, '');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  let listings: { entries: SitemapEntry[]; until: number } | undefined;
  let loading: Promise<SitemapEntry[]> | undefined;
  async function sitemapEntries(): Promise<SitemapEntry[]> {
    const now = ctx.clock.now();
    if (listings && listings.until > now.getTime()) return listings.entries;
    loading ??= repo
      .liveListings(ctx.db, now)
      .then((rows) => {
        const entries: SitemapEntry[] = [
          ...LANDING_PAGES.map((path) => ({ path })),
          ...rows.map((row) => ({
            path: row.auction_live ? `/auctions/product/${row.id}` : `/products/buy/${row.id}`,
            lastmod: new Date(row.updated_at),
          })),
        ];
        listings = { entries, until: now.getTime() + SITEMAP_CACHE_MS };
        return entries;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  // A wildcard, not a `:file` parameter: an over-long parameter makes the router skip the route
  // and the web app's catch-all answer 200; this route answers every /sitemap… address itself.
  app.get('/sitemap*', async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    const match = /^(?:-(\d{1,6}))?\.xml$/.exec(file);
    const page = match ? Number(match[1] ?? 0) : -1;
    const xml =
      page >= 0 && (match?.[1] === undefined || page > 0)
        ? sitemapFile(publicOrigin(ctx, request), await sitemapEntries(), page, SITEMAP_PAGE_SIZE)
        : undefined;
    // Answered here, not by the not-found handler, which serves the web app's page (200) to
    // browsers: a sitemap address that names no sitemap is a 404 for crawlers.
    if (xml === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(xml);
  });

  const describe = pageDescriptions(ctx);
  return async (pathname, request) => {
    const origin = publicOrigin(ctx, request);
    const head = await describe(pathname, origin);
    return head && { html: headHtml(head, origin), status: head.status };
  };
}
