import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { prepareSearch, searchDocuments, termMatches } from './search.matching.ts';

// What other modules use of search: filters that narrow their own lists by a typed term, with
// the search page's rules (accents, case, typos, cut words).

/**
 * The filter for the auctions list and my-auctions `search` parameter (modules/auctions): the
 * auction's title or one of its products' names matches the term. Build once per request
 * (the typo lookup is a query), inside the caller's transaction or not, then use in `where`:
 *
 *   query = query.where(await auctionSearchFilter(trx, search, 'a'));   // 'a' = auctions alias
 *
 * A blank term filters nothing (`true`).
 */
export async function auctionSearchFilter(
  db: Kysely<DB>,
  term: string,
  alias = 'auctions',
): Promise<RawBuilder<SqlBool>> {
  if (!term.trim()) return sql<SqlBool>`true`;
  const search = await prepareSearch(db, term);
  const title = termMatches(search, searchDocuments.auctionTitle(`${alias}.title`));
  const productName = termMatches(search, sql.ref('search_ps.search_name'));
  return sql<SqlBool>`(${title} or exists (
    select 1 from auction_products search_ap
    join product_search search_ps on search_ps.product_id = search_ap.product_id
    where search_ap.auction_id = ${sql.ref(`${alias}.id`)} and ${productName}
  ))`;
}

/**
 * Tables of (product_id, search_text) with a trigram index on the text: every product's
 * (product_search), or a copy holding only the products browsing lists (catalog_listing_text),
 * where a term meets buyable products only.
 */
export type ProductDocuments = 'product_search' | 'catalog_listing_text';

/**
 * A filter on products by the search page's rules (name, brand, category, tags and description;
 * accents, case, typos, cut words), for lists that filter by a typed term, e.g. browsing:
 *
 *   query.where(await productSearchFilter(db, term, 'p.id'))
 *
 * The product ids come from `product_search` through its trigram index. A blank term filters nothing.
 */
export async function productSearchFilter(
  db: Kysely<DB>,
  term: string,
  productId: string,
  documents: ProductDocuments = 'product_search',
): Promise<RawBuilder<SqlBool>> {
  if (!term.trim()) return sql<SqlBool>`true`;
  const search = await prepareSearch(db, term);
  return sql<SqlBool>`${sql.ref(productId)} in (
    select search_ps.product_id from ${sql.table(documents)} search_ps
    where ${termMatches(search, searchDocuments.product('search_ps'))}
  )`;
}
