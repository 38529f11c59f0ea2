import type { DbFunction } from './db-function.ts';

/** A product created, or changed in a column the browse listing shows: its browse row is rebuilt. */
export const catalogListingFromProduct: DbFunction = {
  name: 'catalog_listing_from_product',
  definition: `
create or replace function catalog_listing_from_product() returns trigger language plpgsql as $$
    begin
      perform catalog_listing_refresh(new.id);
      return null;
    end $$`,
  triggers: [
    {
      table: 'products',
      name: 'products_catalog_listing',
      timing: 'after',
      events: ['insert'],
      level: 'row',
    },
    {
      table: 'products',
      name: 'products_catalog_listing_change',
      timing: 'after',
      events: ['update'],
      columns: [
        'status',
        'can_be_bought',
        'sell_price',
        'base_price',
        'category_id',
        'brand_id',
        'scale_id',
        'condition',
        'created_at',
      ],
      level: 'row',
      when: '(old.status, old.can_be_bought, old.sell_price, old.base_price, old.category_id, old.brand_id, old.scale_id, old.condition, old.created_at) is distinct from (new.status, new.can_be_bought, new.sell_price, new.base_price, new.category_id, new.brand_id, new.scale_id, new.condition, new.created_at)',
    },
  ],
};
