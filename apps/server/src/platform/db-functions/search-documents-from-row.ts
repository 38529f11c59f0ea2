import type { DbFunction } from './db-function.ts';

/**
 * A user's name or bio, or an auction's title, changed: its search row (`user_search`,
 * `auction_search`) is rewritten and its words added to the suggestions.
 */
export const searchDocumentsFromRow: DbFunction = {
  name: 'search_documents_from_row',
  definition: `
create or replace function search_documents_from_row() returns trigger language plpgsql as $$
    declare
      doc text;
    begin
      if tg_table_name = 'users' then
        doc := search_normalize(new.username || ' ' || coalesce(new.bio, ''));
        insert into user_search (user_id, search_name, search_text)
          values (new.id, search_normalize(new.username), doc)
          on conflict (user_id) do update
            set search_name = excluded.search_name, search_text = excluded.search_text;
      else
        doc := search_normalize(new.title);
        insert into auction_search (auction_id, search_name) values (new.id, doc)
          on conflict (auction_id) do update set search_name = excluded.search_name;
      end if;
      perform search_words_add(doc);
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'auctions',
      name: 'auctions_search_documents',
      timing: 'after',
      events: ['insert', 'update'],
      columns: ['title'],
      level: 'row',
    },
    {
      table: 'users',
      name: 'users_search_documents',
      timing: 'after',
      events: ['insert', 'update'],
      columns: ['username', 'bio'],
      level: 'row',
    },
  ],
};
