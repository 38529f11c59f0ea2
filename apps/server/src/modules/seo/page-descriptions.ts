import { documentTitle, landingPageTexts } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { type PageHead, productHead, shortDescription } from './page-head.ts';
import { seoRepository as repo } from './seo.repository.ts';

/** The landing pages, titled as the app titles them. */
const STATIC_PAGES: Record<string, Omit<PageHead, 'canonical'>> = Object.fromEntries(
  Object.entries(landingPageTexts).map(([path, page]) => [
    path,
    { title: documentTitle(page.title), description: page.description },
  ]),
);

const PRODUCT_PAGE = /^\/(auctions\/product|products\/buy)\/(\d{1,9})\/?$/;
const PROFILE_PAGE = /^\/(?:public-profile|profile)\/([^/]{1,100})\/?$/;
const SELLER_PAGE = /^\/seller\/(\d{1,9})\/?$/;
/** Product pages are read again after this long at most (a new bid moves the price). */
const PRODUCT_CACHE_MS = 30_000;
const PRODUCT_CACHE_MAX = 1000;

/**
 * What the server says about a page before the app runs (title, description, canonical, Open
 * Graph, JSON-LD), so that a shared link previews with the product's name, image and price.
 * Undefined: the page has nothing of its own (the generic shell). A product that is unknown or
 * taken down answers 404 (with noindex).
 */
export function pageDescriptions(ctx: AppContext) {
  const cache = new Map<string, { head: PageHead | undefined; until: number }>();
  const notFound = (origin: string, path: string): PageHead => ({
    title: `Página no encontrada | Coleccionables`,
    description: 'La página que buscas no existe o fue retirada.',
    canonical: origin + path,
    status: 404,
  });

  async function product(kind: string, id: number, origin: string): Promise<PageHead> {
    const page = kind === 'auctions/product' ? 'auction' : 'buy';
    const path = `/${kind}/${id}`;
    const key = `${origin}${path}`;
    const now = ctx.clock.now();
    const hit = cache.get(key);
    if (hit && hit.until > now.getTime()) return hit.head ?? notFound(origin, path);
    const row = await repo.productForPage(ctx.db, id, now);
    const visible = row && !row.taken_down_at && row.status !== 'cancelled';
    const head = visible
      ? productHead(
          { ...row, highest_bid: row.highest_bid === null ? null : Number(row.highest_bid) },
          page,
          origin,
          path,
        )
      : undefined;
    if (cache.size >= PRODUCT_CACHE_MAX) cache.clear();
    cache.set(key, { head, until: now.getTime() + PRODUCT_CACHE_MS });
    return head ?? notFound(origin, path);
  }

  return async (pathname: string, origin: string): Promise<PageHead | undefined> => {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const fixed = STATIC_PAGES[path];
    if (fixed) return { ...fixed, canonical: origin + path };
    const productMatch = PRODUCT_PAGE.exec(pathname);
    if (productMatch) return product(productMatch[1]!, Number(productMatch[2]), origin);
    const sellerMatch = SELLER_PAGE.exec(pathname);
    const profileMatch = PROFILE_PAGE.exec(pathname);
    if (sellerMatch || profileMatch) {
      let username: string | undefined;
      if (sellerMatch) username = await repo.usernameById(ctx.db, Number(sellerMatch[1]));
      else {
        try {
          username = decodeURIComponent(profileMatch![1]!);
        } catch {
          return undefined;
        }
        if (!(await repo.usernameExists(ctx.db, username))) return undefined;
      }
      if (username === undefined) return undefined;
      // One canonical address per profile, whichever of its addresses was shared.
      return {
        title: `${username} | Perfil del vendedor`,
        description: shortDescription(`Coleccionables de ${username}: subastas en vivo y compra directa.`),
        canonical: `${origin}/public-profile/${encodeURIComponent(username)}`,
        type: 'profile',
      };
    }
    return undefined;
  };
}
