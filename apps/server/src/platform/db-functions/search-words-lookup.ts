import type { DbFunction } from './db-function.ts';

/**
 * The typo lookup's two reads of `search_words` (modules/search/search.matching.ts), each one
 * statement with no transaction around it: the planner settings they need are the functions'
 * own `set` clauses, in force only while each runs.
 *
 * Only bitmap scans of the trigram indexes: the planner underrates them. For a word found as
 * typed it walked the primary key hoping for an early hit, which for 'medellin' came 19,700
 * words in (31 ms on PGlite); for the typo candidates' `<%` it scanned the whole word list (2-3
 * times slower, measured with the search bench).
 */

/**
 * Each typed word's key (normalized, letters and digits only) and whether a word of the
 * documents holds it as typed; a key shorter than `min_letters` is taken as found (it is never
 * corrected, and most such words have no trigram, so the index would be read whole).
 */
export const searchWordsLookup: DbFunction = {
  name: 'search_words_lookup',
  definition: `
create or replace function search_words_lookup(texts text[], min_letters integer)
  returns table (key text, literal boolean) language sql stable
  set enable_seqscan = off set enable_indexscan = off set enable_indexonlyscan = off
as $$
      select w.key,
             length(w.key) < min_letters or exists (
               select 1 from search_words s
               where s.word like '%' || replace(replace(replace(w.normalized, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' escape '\\'
             )
      from unnest(texts) with ordinality as t(text, ord)
      cross join lateral (
        select search_normalize(t.text) as normalized,
               regexp_replace(search_normalize(t.text), '[^[:alnum:]]+', '', 'g') as key
      ) w
      order by t.ord
    $$`,
  triggers: [],
};

/**
 * The words whose key is close to a typed key (pg_trgm word similarity of at least 0.3, the
 * threshold `<%` reads), most similar first: the candidates for a typo, which edit distance
 * then decides among.
 */
export const searchWordCandidates: DbFunction = {
  name: 'search_word_candidates',
  definition: `
create or replace function search_word_candidates(typed text, how_many integer)
  returns table (word text, key text) language sql stable
  set enable_seqscan = off set enable_indexscan = off set enable_indexonlyscan = off
  set pg_trgm.word_similarity_threshold = 0.3
as $$
      select s.word, s.key from search_words s
      where typed <% s.key
      order by word_similarity(typed, s.key) desc, s.word
      limit how_many
    $$`,
  triggers: [],
};
