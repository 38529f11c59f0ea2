import type { ReadFreshness } from './read-cache.ts';
import type { PageRender, RenderedPage } from './static.ts';

/** How many addresses' pages are kept at most (a page's view is in its query: /explorar?q=…). */
const KEPT_PAGES_MAX = 200;

/**
 * Keeps each address's server render while the read caches vouch that nothing it shows can have
 * changed: no write heard of since it was rendered (here or, through the bus, in another process)
 * and at most their confirmation age old (READ_CACHE_CONFIRM_MS, a second by default). Under a
 * crowd of visitors a landing page is then rendered about once a second instead of once a visit;
 * its countdowns go out up to that much behind, and the browser moves them on when it hydrates
 * (the page carries the time it was rendered at).
 *
 * Only a render whose every read answered is kept: a read refused (a visitor over their rate
 * limit, the database away) renders its part loading, which is that visitor's page only.
 */
export function keepRenderedPages(
  render: PageRender,
  freshness: Pick<ReadFreshness, 'begin' | 'confirm' | 'vouches'>,
): PageRender {
  const kept = new Map<string, { page: RenderedPage; confirmed: ReturnType<ReadFreshness['begin']> }>();
  return async (url, request) => {
    const hit = kept.get(url);
    if (hit && freshness.vouches(hit.confirmed)) return { ...hit.page, timing: undefined, kept: true };
    const check = freshness.begin();
    const page = await render(url, request);
    const confirmed = page?.complete ? freshness.confirm(check, null) : null;
    if (page && confirmed) {
      kept.delete(url);
      if (kept.size >= KEPT_PAGES_MAX) kept.delete(kept.keys().next().value!);
      kept.set(url, { page, confirmed });
    } else kept.delete(url);
    return page;
  };
}
