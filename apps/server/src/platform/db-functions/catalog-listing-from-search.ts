import type { DbFunction } from './db-function.ts';

/**
 * A product's search text changed: the listed product's copy of it (`catalog_listing_text`) follows.
 */
export const catalogListingFromSearch: DbFunction = {
  name: 'catalog_listing_from_search',
  definition: `
create or replace function catalog_listing_from_search() returns trigger language plpgsql as $$
    begin
      insert into catalog_listing_text (product_id, search_text)
        select l.product_id, new.search_text from catalog_listing l where l.product_id = new.product_id
        on conflict (product_id) do update set search_text = excluded.search_text
        where catalog_listing_text.search_text is distinct from excluded.search_text;
      return null;
    end $$`,
  triggers: [
    {
      table: 'product_search',
      name: 'product_search_catalog_listing',
      timing: 'after',
      events: ['insert', 'update'],
      columns: ['search_text'],
      level: 'row',
    },
  ],
};
