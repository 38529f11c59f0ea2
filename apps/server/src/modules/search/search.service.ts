import { SEARCH_GROUP_LIMIT, type SearchResult } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { imageUrl } from '../../platform/images.ts';
import { toPesos, toPesosOrNull } from '../../platform/money.ts';
import { prepareSearch } from './search.matching.ts';
import { searchRepository } from './search.repository.ts';
import { productTermMatch } from './search-filters.service.ts';

const thumbnailUrl = (imageId: string | null) => imageUrl(imageId, 'thumb');

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(ctx: AppContext) {
  return {
    /**
     * SQL conditions that hold for the products `term` finds, matched exactly as the search page
     * matches them: on a column holding a copy of the product's search text ('l.search_text'),
     * and per typed word on a column of single listed words ('w.word'). None (undefined) for a
     * blank or absent term.
     */
    productTermMatch(term: string | undefined, searchText: string, word: string) {
      return productTermMatch(ctx.db, term, searchText, word);
    },

    /** Users, visible products and open auctions matching `term` (already validated), best first. */
    async search(term: string): Promise<SearchResult> {
      const now = ctx.clock.now();
      const prepared = await prepareSearch(ctx.db, term);
      // Three independent reads: side by side on PostgreSQL's pool (PGlite takes them in turn).
      const [users, products, auctions] = await Promise.all([
        searchRepository.findUsers(ctx.db, prepared, SEARCH_GROUP_LIMIT),
        searchRepository.findProducts(ctx.db, prepared, SEARCH_GROUP_LIMIT),
        searchRepository.findAuctions(ctx.db, prepared, now, SEARCH_GROUP_LIMIT),
      ]);
      return {
        users: users.map((u) => ({ id: u.id, username: u.username, avatar: u.avatar, bio: u.bio })),
        products: products.map((p) => ({
          id: p.id,
          name: p.name,
          image: thumbnailUrl(p.image_id),
          description: p.description,
          category: p.category,
          can_be_bought: p.can_be_bought,
          sell_price: toPesosOrNull(p.sell_price),
          auction_id: p.auction_id ?? null,
        })),
        auctions: auctions.map((a) => ({
          id: a.id,
          title: a.title,
          is_flash: a.is_flash,
          products: (a.image_ids ?? []).map((id) => ({ image: thumbnailUrl(id) })),
          owner: { username: a.owner_username, avatar: a.owner_avatar },
          min_offer: toPesos(Number(a.min_offer)),
          end_time: a.end_time ? new Date(a.end_time).toISOString() : null,
        })),
      };
    },
  };
}
