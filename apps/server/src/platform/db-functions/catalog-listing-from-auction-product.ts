import type { DbFunction } from './db-function.ts';

/**
 * A race inserted, removed or changed: a bid or a soft close touches only the browse row this
 * auction lists (price, bid count, end); a product moved between auctions is listed again.
 */
export const catalogListingFromAuctionProduct: DbFunction = {
  name: 'catalog_listing_from_auction_product',
  definition: `
create or replace function catalog_listing_from_auction_product() returns trigger language plpgsql as $$
    declare
      v_price bigint;
      v_end timestamptz;
    begin
      if tg_op = 'UPDATE' and new.product_id = old.product_id and new.auction_id = old.auction_id then
        -- A bid or a soft close: whether and through which auction the product is listed does not
        -- depend on the columns that changed, so only the row this auction lists is touched.
        v_price := new.highest_bid;
        if v_price is null then
          select coalesce(p.base_price, 0) into v_price from products p where p.id = new.product_id;
        end if;
        v_end := new.end_time;
        if v_end is null then
          select a.end_time into v_end from auctions a where a.id = new.auction_id;
        end if;
        update catalog_listing l set price = v_price, bids_count = new.bid_count, end_time = v_end
         where l.product_id = new.product_id and l.auction_id = new.auction_id
           and (l.price, l.bids_count, l.end_time) is distinct from (v_price, new.bid_count, v_end);
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then perform catalog_listing_refresh(old.product_id); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.product_id <> old.product_id) then
        perform catalog_listing_refresh(new.product_id);
      end if;
      return null;
    end $$`,
  triggers: [
    {
      table: 'auction_products',
      name: 'auction_products_catalog_listing',
      timing: 'after',
      events: ['insert', 'delete'],
      level: 'row',
    },
    {
      table: 'auction_products',
      name: 'auction_products_catalog_listing_change',
      timing: 'after',
      events: ['update'],
      columns: ['auction_id', 'product_id', 'highest_bid', 'bid_count', 'end_time'],
      level: 'row',
      when: '(old.auction_id, old.product_id, old.highest_bid, old.bid_count, old.end_time) is distinct from (new.auction_id, new.product_id, new.highest_bid, new.bid_count, new.end_time)',
    },
  ],
};
