import { type Kysely, sql } from 'kysely';
import * as listingUpkeepCheap from './2026-11-27T0200-listing-upkeep-cheap.ts';
import * as catalogListingEnd from './2026-11-27T0700-catalog-listing-end.ts';

/**
 * Browse's facet counts without reading every match. Counting the matches by category, brand,
 * scale and condition read every listed row the kind and price filters allowed (20-50k rows at
 * 200,000 products), so the count grew with the catalogue.
 *
 * - `catalog_price_band(price)`: the price band a price falls in (`width_bucket` over fixed lower
 *   bounds in centavos: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9 times each power of ten from $1,000
 *   to $10,000,000, then $100,000,000; band 0 below $1,000). The round prices a visitor types
 *   are bounds, so a price filter covers whole bands but for at most one band at each end.
 * - `catalog_listing.price_band`: stored, the key the facet counts are kept under (a bid that
 *   keeps its product's band changes no count). The rows priced in the part of a band a range
 *   cuts are found through `static_price`'s index (below).
 * - Pages in each sort's order walk an index and stop at the page's last row instead of sorting
 *   every match: the end (buy-now rows, which have none, last), the creation time, and for the
 *   price and the bid count `static_price`, a row's price while no bid can change it (a buy-now
 *   price, an auction's base price before its first bid; null once bid on). Indexing the price
 *   or the bid count themselves would make every bid write every index of the row instead of a
 *   HOT update; `static_price` changes once, at a lot's first bid, and the lots bid on (the null
 *   part of its index) are read whole and sorted, which is as many as are being bid on.
 * - `catalog_facet_counts`: how many listed rows each (kind, category, brand, scale, condition,
 *   band) holds, as signed changes appended by a row trigger on the listing (+1 for the new
 *   key, -1 for the old one). Appending takes no lock another writer waits on, so two
 *   transactions that list products of the same group never queue or deadlock on a shared
 *   counter; a job folds each key's changes into one row (catalog.compact-facet-counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function catalog_price_band(price bigint) returns integer language sql immutable parallel safe as $$
      select width_bucket(price, array[100000,150000,200000,250000,300000,400000,500000,600000,700000,800000,900000,1000000,1500000,2000000,2500000,3000000,4000000,5000000,6000000,7000000,8000000,9000000,10000000,15000000,20000000,25000000,30000000,40000000,50000000,60000000,70000000,80000000,90000000,100000000,150000000,200000000,250000000,300000000,400000000,500000000,600000000,700000000,800000000,900000000,1000000000,1500000000,2000000000,2500000000,3000000000,4000000000,5000000000,6000000000,7000000000,8000000000,9000000000,10000000000]::bigint[])
    $$;

    alter table catalog_listing
      add column price_band integer generated always as (catalog_price_band(price)) stored,
      add column static_price bigint generated always as (case when bids_count = 0 then price end) stored;
    create index catalog_listing_static_price_idx on catalog_listing (static_price, product_id);
    -- A category or a brand chosen, the price sorts walk only its rows.
    create index catalog_listing_category_price_idx on catalog_listing (category_id, static_price, product_id);
    create index catalog_listing_brand_price_idx on catalog_listing (brand_id, static_price, product_id);
    create index catalog_listing_ending_idx on catalog_listing
      (coalesce(end_time, timestamptz '9999-12-31 00:00:00+00'), product_id);
    create index catalog_listing_newest_idx on catalog_listing (created_at, product_id);

    -- The search text moves into the listing row: a term's matches are then counted and paged
    -- from the rows the trigram index finds, with no join to a second table (which cost as much
    -- as the match itself and read the whole listing to hash it).
    alter table catalog_listing add column search_text text;
    update catalog_listing l set search_text = t.search_text
      from catalog_listing_text t where t.product_id = l.product_id;
    drop table catalog_listing_text;
    create index catalog_listing_search_idx on catalog_listing using gin (search_text gin_trgm_ops);
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
    end $$;

create or replace function catalog_listing_from_search() returns trigger language plpgsql as $$
    begin
      update catalog_listing l set search_text = new.search_text
       where l.product_id = new.product_id and l.search_text is distinct from new.search_text;
      return null;
    end $$;


    create table catalog_facet_counts (
      kind text not null,
      category_id integer not null,
      brand_id integer not null,
      scale_id integer,
      condition text,
      price_band integer,
      n integer not null
    );
    insert into catalog_facet_counts (kind, category_id, brand_id, scale_id, condition, price_band, n)
      select kind, category_id, brand_id, scale_id, condition, price_band, count(*)
        from catalog_listing
       group by kind, category_id, brand_id, scale_id, condition, price_band;

    create function catalog_facet_counts_from_listing() returns trigger language plpgsql as $$
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
    $$;
    create trigger catalog_listing_facet_counts after insert or delete on catalog_listing
      for each row execute function catalog_facet_counts_from_listing();
    create trigger catalog_listing_facet_counts_change after update of kind, category_id, brand_id, scale_id, condition, price on catalog_listing
      for each row
      when ((old.kind, old.category_id, old.brand_id, old.scale_id, old.condition, old.price_band) is distinct from (new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band))
      execute function catalog_facet_counts_from_listing();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists catalog_listing_facet_counts_change on catalog_listing;
    drop trigger if exists catalog_listing_facet_counts on catalog_listing;
    drop function if exists catalog_facet_counts_from_listing();
    drop table if exists catalog_facet_counts;
  `.execute(db);
  // The listing as the earlier migrations leave it (rebuilt from the source tables, with its
  // separate search text table and the functions of that time).
  await listingUpkeepCheap.down(db);
  await listingUpkeepCheap.up(db);
  await catalogListingEnd.up(db);
  await sql`drop function if exists catalog_price_band(bigint)`.execute(db);
}
