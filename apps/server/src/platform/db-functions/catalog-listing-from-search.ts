import type { DbFunction } from './db-function.ts';

/**
 * A product's search text changed: the listed product's copy of it (`catalog_listing.search_text`) follows.
 */
export const catalogListingFromSearch: DbFunction = {
  name: 'catalog_listing_from_search',
  definition: `
create or replace function catalog_listing_from_search() returns trigger language plpgsql as $$
    begin
      update catalog_listing l set search_text = new.search_text
       where l.product_id = new.product_id and l.search_text is distinct from new.search_text;
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
