import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { prepareSearch, searchDocuments, termMatches, termWordMatches } from './search.matching.ts';

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

/** How a term finds listed products: by their search text, and by their single words. */
export interface ProductTermMatch {
  /** Holds for a row whose search text (the column given) the term finds. */
  text: RawBuilder<SqlBool>;
  /**
   * One condition per typed word on a column of single listed words (the column given), true for
   * the words that contain it or one of its corrections: a product is found when each condition
   * holds for one of its words. Absent when the term has a word too short to look up so.
   */
  words?: RawBuilder<SqlBool>[];
}

/**
 * A filter on products by the search page's rules (name, brand, category, tags and description;
 * accents, case, typos, cut words), on a column holding a copy of the product's search text
 * under its own trigram index (the browse listing's `search_text`), so the rows a term finds are
 * read with no join; and the same term on a column of the listing's single words
 * (`catalog_words.word`), which browse counts from:
 *
 *   const match = await productTermMatch(db, term, 'l.search_text', 'w.word');
 *   if (match) query = query.where(match.text);
 *
 * A blank term is no filter (undefined), so a caller can tell browsing without a term apart.
 */
export async function productTermMatch(
  db: Kysely<DB>,
  term: string | undefined,
  searchText: string,
  word: string,
): Promise<ProductTermMatch | undefined> {
  if (!term?.trim()) return undefined;
  const search = await prepareSearch(db, term);
  return { text: termMatches(search, sql.ref(searchText)), words: termWordMatches(search, sql.ref(word)) };
}
