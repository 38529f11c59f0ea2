import type { DbFunction } from './db-function.ts';

/**
 * The distinct words of a search text: its runs of non-space characters. A word over 64
 * characters comes out as '' (a btree entry has a size limit): the mark of a row that a term is
 * checked against whole instead of through its words.
 */
export const catalogWordsOf: DbFunction = {
  name: 'catalog_words_of',
  definition: `
create or replace function catalog_words_of(doc text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct case when length(w) <= 64 then w else '' end), '{}')
        from regexp_split_to_table(coalesce(doc, ''), '[[:space:]]+') w
       where w <> ''
    $$`,
  triggers: [],
};
