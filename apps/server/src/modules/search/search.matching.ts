import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * How a typed term matches a text, in SQL that runs the same on PGlite and PostgreSQL.
 *
 * Both sides are normalized by `search_normalize` (lower-case, no accents; migration T0500), so
 * 'pokemon' finds 'Pokémon' and 'CAMION' finds 'Camión'. The term is split into words and every
 * word must match the text, either
 *  - literally, as a substring ('whee' in 'hot wheels'); `%`, `_` and `\` in the word are escaped,
 *    so they only match themselves; or
 *  - for words of 4+ letters, fuzzily: pg_trgm's word similarity (a trigram overlap with some
 *    stretch of the text) of at least SEARCH_WORD_SIMILARITY, which forgives a typo ('funco' →
 *    'funko', 'pokmon' → 'pokemon') and a cut word ('whel' → 'wheels').
 * The term only ever reaches SQL as a bound parameter.
 */

/** pg_trgm word similarity a word needs to count as a fuzzy match (0.5 lets one typo in five letters pass). */
export const SEARCH_WORD_SIMILARITY = 0.5;
/** Words shorter than this (letters and digits) only match literally: trigrams of 'de' match half the catalogue. */
const FUZZY_MIN_LETTERS = 4;
/** Words beyond this many are ignored (the term is at most 100 characters anyway). */
const MAX_WORDS = 8;

export interface SearchWord {
  /** The word as typed (not normalized: SQL normalizes it the same way as the text). */
  text: string;
  fuzzy: boolean;
}

function letterCount(word: string): number {
  return word.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '').length;
}

/** The distinct words of a term (whitespace separated), at most MAX_WORDS. */
export function searchWords(term: string): SearchWord[] {
  const seen = new Set<string>();
  const words: SearchWord[] = [];
  for (const text of term.trim().split(/\s+/u)) {
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    words.push({ text, fuzzy: letterCount(text) >= FUZZY_MIN_LETTERS });
    if (words.length === MAX_WORDS) break;
  }
  return words;
}

/** `search_normalize(value)` of a bound parameter. */
export function normalized(value: string): RawBuilder<string> {
  return sql<string>`search_normalize(${value})`;
}

/**
 * A LIKE pattern (escape character `\`) that finds the normalized `value` anywhere. Escaping
 * happens after normalizing, so `%`, `_` and `\` typed (or produced by unaccent) match only themselves.
 */
export function containsPattern(value: string): RawBuilder<string> {
  return sql<string>`'%' || replace(replace(replace(search_normalize(${value}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/**
 * Normalized expressions to match, as used by the trigram indexes of migration T0500 (an index
 * is only used when the query repeats its expression exactly).
 */
export const searchDocuments = {
  /** product_search.search_text: name, brand, category, tags and description. */
  product: (alias = 'product_search'): RawBuilder<string> => sql<string>`${sql.ref(`${alias}.search_text`)}`,
  user: (alias = 'users'): RawBuilder<string> =>
    sql<string>`search_normalize(${sql.ref(`${alias}.username`)} || ' ' || coalesce(${sql.ref(`${alias}.bio`)}, ''))`,
  auctionTitle: (column = 'auctions.title'): RawBuilder<string> =>
    sql<string>`search_normalize(${sql.ref(column)})`,
};

/**
 * True when every word of `term` matches `document` (an already normalized text expression).
 *
 * `mode: 'indexed'` writes the fuzzy test as pg_trgm's `<%` operator, which the GIN trigram index
 * answers, but whose threshold is a setting: call `useSearchThreshold(trx)` first in the same
 * transaction. `mode: 'standalone'` (the default) spells the threshold out with
 * `word_similarity(...) >=`, needing no setting, at the price of not using the index for the
 * fuzzy part: right for small, already filtered sets (an owner's auctions, the active ones).
 */
export function termMatches(
  document: Expression<string>,
  term: string,
  mode: 'indexed' | 'standalone' = 'standalone',
): RawBuilder<SqlBool> {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`false`;
  const conditions = words.map((word) => {
    const literal = sql`${document} like ${containsPattern(word.text)} escape '\\'`;
    if (!word.fuzzy) return literal;
    const fuzzy =
      mode === 'indexed'
        ? sql`${normalized(word.text)} <% ${document}`
        : sql`word_similarity(${normalized(word.text)}, ${document}) >= ${sql.lit(SEARCH_WORD_SIMILARITY)}`;
    return sql`(${literal} or ${fuzzy})`;
  });
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * Filter for the auctions list and my-auctions `search` parameter (modules/auctions):
 * `.where(auctionTitleMatches(search))`, or `auctionTitleMatches(search, 'a.title')` when the
 * auctions table is aliased. Same accent, case, typo and partial-word rules as the search page.
 */
export function auctionTitleMatches(term: string, column = 'auctions.title'): RawBuilder<SqlBool> {
  return termMatches(searchDocuments.auctionTitle(column), term, 'standalone');
}

/**
 * Sets pg_trgm's word-similarity threshold for the rest of the current transaction (`set_config`
 * with is_local), which the `<%` operator of `termMatches(..., 'indexed')` reads.
 */
export async function useSearchThreshold(trx: Kysely<any>): Promise<void> {
  await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_WORD_SIMILARITY)}, true)`.execute(trx);
}

/** Relevance of a match, 0..1: how well the whole term matches some stretch of the document. */
export function similarity(term: string, document: Expression<string>): RawBuilder<number> {
  return sql<number>`word_similarity(${normalized(term)}, ${document})`;
}

/** 1 when the whole term appears literally in the document, else 0. */
export function containsTerm(term: string, document: Expression<string>): RawBuilder<number> {
  return sql<number>`(case when ${document} like ${containsPattern(term.trim())} escape '\\' then 1 else 0 end)`;
}
