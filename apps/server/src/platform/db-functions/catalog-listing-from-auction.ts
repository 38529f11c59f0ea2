import type { DbFunction } from './db-function.ts';

/**
 * An auction's status or end moved: its products' browse rows are rebuilt (status) or get the new
 * end (the products without an end of their own).
 */
export const catalogListingFromAuction: DbFunction = {
  name: 'catalog_listing_from_auction',
  definition: `
create or replace function catalog_listing_from_auction() returns trigger language plpgsql as $$
    begin
      if new.status is distinct from old.status then
        perform catalog_listing_refresh(ap.product_id) from auction_products ap where ap.auction_id = new.id;
      else
        -- Only the end moved: it is the listed end of the products without an end of their own.
        update catalog_listing l set end_time = new.end_time
          from auction_products ap
         where ap.auction_id = new.id and ap.end_time is null
           and l.product_id = ap.product_id and l.auction_id = new.id
           and l.end_time is distinct from new.end_time;
      end if;
      return null;
    end $$`,
  triggers: [
    {
      table: 'auctions',
      name: 'auctions_catalog_listing',
      timing: 'after',
      events: ['update'],
      columns: ['status', 'end_time'],
      level: 'row',
      when: '(old.status, old.end_time) is distinct from (new.status, new.end_time)',
    },
  ],
};
