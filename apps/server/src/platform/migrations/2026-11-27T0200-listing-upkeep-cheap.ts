import { type Kysely, sql } from 'kysely';
import * as catalogListing from './2026-11-26T1200-catalog-listing.ts';

/**
 * The listing's upkeep made cheap on the bid path.
 *
 * Every bid rewrote its product's listing row by re-running the whole "buyable now" query
 * (products, auction_products, auctions) and an unconditional upsert, inside the hot row's lock:
 * bids per second on one product fell by a third on PostgreSQL and by half on PGlite.
 *
 * - A bid or a soft close changes an auction_products row's highest bid, bid count or end and
 *   nothing that decides whether, or through which auction, the product is listed (the product's
 *   and the auction's status, the auction's id). Such an update now writes those three columns of
 *   the one listing row that row feeds, from the trigger's NEW row, and only when they differ.
 * - The triggers fire only when a watched column really changes (WHEN ... IS DISTINCT FROM):
 *   a write that sets a column to its own value costs nothing.
 * - An auction whose end alone moves (a soft close) updates the end of the listed products that
 *   read the auction's end (those without an end of their own); only a status change recomputes
 *   each of its products.
 * - A full recompute computes the row first and writes it only when it differs from the stored one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function catalog_listing_refresh(pid integer) returns void language plpgsql as $$
    declare
      r record;
    begin
      -- At most one row: a product is either available (buy-now) or in an auction.
      select * into r from (
        select p.id as product_id, 'buy_now' as kind, null::integer as auction_id, p.category_id,
               p.brand_id, p.scale_id, p.condition, p.sell_price::bigint as price,
               null::timestamptz as end_time, p.created_at, 0 as bids_count
          from products p
         where p.id = pid and p.status = 'available' and p.can_be_bought
        union all
        (select p.id, 'auction', a.id, p.category_id, p.brand_id, p.scale_id, p.condition,
                coalesce(ap.highest_bid, p.base_price, 0)::bigint, coalesce(ap.end_time, a.end_time),
                p.created_at, ap.bid_count
           from products p
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
                                        condition, price, end_time, created_at, bids_count)
        values (r.product_id, r.kind, r.auction_id, r.category_id, r.brand_id, r.scale_id, r.condition,
                r.price, r.end_time, r.created_at, r.bids_count)
      on conflict (product_id) do update set
        kind = excluded.kind, auction_id = excluded.auction_id, category_id = excluded.category_id,
        brand_id = excluded.brand_id, scale_id = excluded.scale_id, condition = excluded.condition,
        price = excluded.price, end_time = excluded.end_time, created_at = excluded.created_at,
        bids_count = excluded.bids_count
      where (l.kind, l.auction_id, l.category_id, l.brand_id, l.scale_id, l.condition, l.price,
             l.end_time, l.created_at, l.bids_count)
            is distinct from
            (excluded.kind, excluded.auction_id, excluded.category_id, excluded.brand_id,
             excluded.scale_id, excluded.condition, excluded.price, excluded.end_time,
             excluded.created_at, excluded.bids_count);
      -- A row left as it was already has its text (it arrived with the row, or later through
      -- product_search's own trigger).
      if found then
        insert into catalog_listing_text (product_id, search_text)
          select ps.product_id, ps.search_text from product_search ps where ps.product_id = pid
          on conflict (product_id) do nothing;
      end if;
    end $$;

    drop trigger products_catalog_listing on products;
    create trigger products_catalog_listing
      after insert on products
      for each row execute function catalog_listing_from_product();
    create trigger products_catalog_listing_change
      after update of status, can_be_bought, sell_price, base_price, category_id, brand_id,
        scale_id, condition, created_at on products
      for each row
      when ((old.status, old.can_be_bought, old.sell_price, old.base_price, old.category_id,
             old.brand_id, old.scale_id, old.condition, old.created_at)
            is distinct from
            (new.status, new.can_be_bought, new.sell_price, new.base_price, new.category_id,
             new.brand_id, new.scale_id, new.condition, new.created_at))
      execute function catalog_listing_from_product();

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
    end $$;
    drop trigger auction_products_catalog_listing on auction_products;
    create trigger auction_products_catalog_listing
      after insert or delete on auction_products
      for each row execute function catalog_listing_from_auction_product();
    create trigger auction_products_catalog_listing_change
      after update of auction_id, product_id, highest_bid, bid_count, end_time on auction_products
      for each row
      when ((old.auction_id, old.product_id, old.highest_bid, old.bid_count, old.end_time)
            is distinct from
            (new.auction_id, new.product_id, new.highest_bid, new.bid_count, new.end_time))
      execute function catalog_listing_from_auction_product();

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
    end $$;
    drop trigger auctions_catalog_listing on auctions;
    create trigger auctions_catalog_listing
      after update of status, end_time on auctions
      for each row
      when ((old.status, old.end_time) is distinct from (new.status, new.end_time))
      execute function catalog_listing_from_auction();
  `.execute(db);
}

/** Back to the listing as it was: its own migration rebuilds the tables, triggers and rows. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists products_catalog_listing_change on products;
    drop trigger if exists auction_products_catalog_listing_change on auction_products;
  `.execute(db);
  await catalogListing.down(db);
  await catalogListing.up(db);
}
