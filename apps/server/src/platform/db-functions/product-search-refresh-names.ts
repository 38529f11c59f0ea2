import type { DbFunction } from './db-function.ts';

/**
 * A brand or category renamed: the search text of its products is rewritten and the new name's
 * words added to the suggestions.
 */
export const productSearchRefreshNames: DbFunction = {
  name: 'product_search_refresh_names',
  definition: `
create or replace function product_search_refresh_names() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name then
        update product_search s
          set search_text = product_search_document(p.name, p.tags, p.description, p.brand_id, p.category_id)
          from products p
          where s.product_id = p.id
            and (case when tg_table_name = 'brands' then p.brand_id else p.category_id end) = new.id;
        perform search_words_add(search_normalize(new.name));
      end if;
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'brands',
      name: 'brands_search_refresh',
      timing: 'after',
      events: ['update'],
      columns: ['name'],
      level: 'row',
    },
    {
      table: 'categories',
      name: 'categories_search_refresh',
      timing: 'after',
      events: ['update'],
      columns: ['name'],
      level: 'row',
    },
  ],
};
