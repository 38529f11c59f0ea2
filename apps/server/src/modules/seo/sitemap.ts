/** One URL of the sitemap: a path and when it last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** The sitemaps.org limit of URLs in one file. */
export const SITEMAP_PAGE_SIZE = 50_000;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const header = '<?xml version="1.0" encoding="UTF-8"?>\n';
const lastmod = (date?: Date) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : '');

function urlset(origin: string, entries: SitemapEntry[]) {
  const urls = entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${lastmod(e.lastmod)}</url>`);
  return `${header}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap's files: with at most `pageSize` URLs, `/sitemap.xml` is the one list; past it,
 * `/sitemap.xml` is an index of `/sitemap-1.xml`, `/sitemap-2.xml`… each holding `pageSize`.
 * Answers the file for `page` (0: /sitemap.xml), undefined for a page that does not exist.
 */
export function sitemapFile(
  origin: string,
  entries: SitemapEntry[],
  page: number,
  pageSize = SITEMAP_PAGE_SIZE,
): string | undefined {
  if (entries.length <= pageSize) return page === 0 ? urlset(origin, entries) : undefined;
  const pages = Math.ceil(entries.length / pageSize);
  if (page === 0) {
    const items = Array.from({ length: pages }, (_, i) => {
      const chunk = entries.slice(i * pageSize, (i + 1) * pageSize);
      const newest = chunk.reduce<Date | undefined>(
        (latest, e) => (e.lastmod && (!latest || e.lastmod > latest) ? e.lastmod : latest),
        undefined,
      );
      return `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc>${lastmod(newest)}</sitemap>`;
    });
    return `${header}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
  }
  if (page > pages) return undefined;
  return urlset(origin, entries.slice((page - 1) * pageSize, page * pageSize));
}
