import type { DbFunction } from './db-function.ts';

/**
 * Rebuilds one product's browse row (`catalog_listing`): listed while it can be bought now or runs in an
 * active auction, removed otherwise; a row already right is left untouched. A product new enough
 * to have no search document yet gets its text when the document is written (catalog_listing_from_search).
 */
export const catalogListingRefresh: DbFunction = {
  name: 'catalog_listing_refresh',
  definition: `
create or replace function catalog_listing_refresh(pid integer) returns void language plpgsql as $$
    declare
      r record;
    begin
      -- At most one row: a product is either available (buy-now) or in an auction.
      select * into r from (
        select p.id as product_id, 'buy_now' as kind, null::integer as auction_id, p.category_id,
               p.brand_id, p.scale_id, p.condition, p.sell_price::bigint as price,
               null::timestamptz as end_time, p.created_at, 0 as bids_count, ps.search_text
          from products p
          left join product_search ps on ps.product_id = p.id
         where p.id = pid and p.status = 'available' and p.can_be_bought
        union all
        (select p.id, 'auction', a.id, p.category_id, p.brand_id, p.scale_id, p.condition,
                coalesce(ap.highest_bid, p.base_price, 0)::bigint, coalesce(ap.end_time, a.end_time),
                p.created_at, ap.bid_count, ps.search_text
           from products p
           left join product_search ps on ps.product_id = p.id
           join auction_products ap on ap.product_id = p.id
           join auctions a on a.id = ap.auction_id
          where p.id = pid and p.status = 'in_auction' and a.status = 'active'
          order by a.id desc
          limit 1)
      ) s;
      if not found then
        delete from catalog_listing where product_id = pid;
        return;
      end if;
      insert into catalog_listing as l (product_id, kind, auction_id, category_id, brand_id, scale_id,
                                        condition, price, end_time, created_at, bids_count, search_text)
        values (r.product_id, r.kind, r.auction_id, r.category_id, r.brand_id, r.scale_id, r.condition,
                r.price, r.end_time, r.created_at, r.bids_count, r.search_text)
      on conflict (product_id) do update set
        kind = excluded.kind, auction_id = excluded.auction_id, category_id = excluded.category_id,
        brand_id = excluded.brand_id, scale_id = excluded.scale_id, condition = excluded.condition,
        price = excluded.price, end_time = excluded.end_time, created_at = excluded.created_at,
        bids_count = excluded.bids_count, search_text = excluded.search_text
      where (l.kind, l.auction_id, l.category_id, l.brand_id, l.scale_id, l.condition, l.price,
             l.end_time, l.created_at, l.bids_count, l.search_text)
            is distinct from
            (excluded.kind, excluded.auction_id, excluded.category_id, excluded.brand_id,
             excluded.scale_id, excluded.condition, excluded.price, excluded.end_time,
             excluded.created_at, excluded.bids_count, excluded.search_text);
    end $$`,
  triggers: [],
};
