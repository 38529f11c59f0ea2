import type { DbFunction } from './db-function.ts';

/**
 * A product's searchable text changed: its `product_search` row is rewritten and its words added to
 * the suggestions; a change of status only moves the row's status.
 */
export const productSearchRefresh: DbFunction = {
  name: 'product_search_refresh',
  definition: `
create or replace function product_search_refresh() returns trigger language plpgsql as $$
    declare
      doc text;
    begin
      if tg_op = 'UPDATE' and (new.name, new.description, new.tags, new.brand_id, new.category_id)
          is not distinct from (old.name, old.description, old.tags, old.brand_id, old.category_id) then
        update product_search set status = new.status where product_id = new.id;
        return null;
      end if;
      doc := product_search_document(new.name, new.tags, new.description, new.brand_id, new.category_id);
      insert into product_search (product_id, status, search_name, search_text)
        values (new.id, new.status, search_normalize(new.name), doc)
        on conflict (product_id) do update
          set status = excluded.status, search_name = excluded.search_name, search_text = excluded.search_text;
      perform search_words_add(doc);
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'products',
      name: 'products_search_refresh',
      timing: 'after',
      events: ['insert', 'update'],
      columns: ['name', 'description', 'tags', 'brand_id', 'category_id', 'status'],
      level: 'row',
    },
  ],
};
