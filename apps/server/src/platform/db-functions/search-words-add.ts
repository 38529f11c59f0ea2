import type { DbFunction } from './db-function.ts';

/** Adds the words of a text (4 to 40 characters) to the search suggestions (`search_words`). */
export const searchWordsAdd: DbFunction = {
  name: 'search_words_add',
  definition: `
create or replace function search_words_add(doc text) returns void language sql as $$
        insert into search_words (word, key)
        select word, key from (
          select distinct word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') as key
          from regexp_split_to_table(coalesce(doc, ''), '[[:space:]]+') as word
          where length(word) between 4 and 40
        ) w
        where length(key) >= 4
        order by word
        on conflict (word) do nothing
      $$`,
  triggers: [],
};
