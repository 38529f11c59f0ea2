import type { DbFunction } from './db-function.ts';

/**
 * A browse row listed, removed or moved to another (kind, category, brand, scale, condition,
 * price band): the change is appended to `catalog_facet_counts` as -1 for the old key and +1 for
 * the new one. Appending waits on no other writer (no shared counter row is updated), and a bid
 * that keeps its product's band fires nothing (the trigger's `when`).
 */
export const catalogFacetCountsFromListing: DbFunction = {
  name: 'catalog_facet_counts_from_listing',
  definition: `
create or replace function catalog_facet_counts_from_listing() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        insert into catalog_facet_counts (kind, category_id, brand_id, scale_id, condition, price_band, n)
        values (old.kind, old.category_id, old.brand_id, old.scale_id, old.condition, old.price_band, -1);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into catalog_facet_counts (kind, category_id, brand_id, scale_id, condition, price_band, n)
        values (new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band, 1);
      end if;
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'catalog_listing',
      name: 'catalog_listing_facet_counts',
      timing: 'after',
      events: ['insert', 'delete'],
      level: 'row',
    },
    {
      table: 'catalog_listing',
      name: 'catalog_listing_facet_counts_change',
      timing: 'after',
      events: ['update'],
      columns: ['kind', 'category_id', 'brand_id', 'scale_id', 'condition', 'price'],
      level: 'row',
      when: '(old.kind, old.category_id, old.brand_id, old.scale_id, old.condition, old.price_band) is distinct from (new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band)',
    },
  ],
};
