import { type Kysely, sql } from 'kysely';

/**
 * What can be bought now, one narrow row per product, for browsing (GET /api/catalog/browse).
 *
 * Browsing with facets counts every match. Read from products, auctions and auction_products, a
 * count at 200,000 products visited every running auction's product through the products primary
 * key (about 21,000 random heap reads, five buffers each) and filtered 30,000 buy-now rows on the
 * wide products heap: 100-210 ms per query on PostgreSQL, ten times its cost at 20,000. This
 * table holds the columns browsing filters, sorts and counts on (about 60 bytes a row), so a
 * count is one sequential pass over a few megabytes and a page is cut before the wide product
 * rows are read.
 *
 * Row triggers keep it in the same transaction as every write that changes what is buyable or
 * at what price: a product's status, kind, prices or attributes; an auction's status or end; a
 * bid (highest bid, bid count) or a soft-close extension on auction_products. Each recomputes the
 * product's row from the source tables with the rule the browse query used, so it is exact by
 * construction. Every bid rewrites its product's row: pages keep a fifth free (fillfactor 80) so
 * the new version fits on the same page and, with the primary key unchanged, the update writes
 * no index entry (a HOT update). An auction past its end but not yet closed keeps its row: readers compare
 * `end_time` with their own clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalog_listing (
      product_id integer primary key references products(id) on delete cascade,
      kind text not null check (kind in ('buy_now', 'auction')),
      auction_id integer,
      category_id integer not null,
      brand_id integer not null,
      scale_id integer,
      condition text,
      price bigint,
      end_time timestamptz,
      created_at timestamptz not null,
      bids_count integer not null
    ) with (fillfactor = 80);

    -- product_search's text of each listed product, so a term is matched among buyable products
    -- only; a table of its own, as inline text made the listing four times larger and the
    -- filter-only counts three times slower at 200k products.
    create table catalog_listing_text (
      product_id integer primary key references catalog_listing(product_id) on delete cascade,
      search_text text not null
    );

    create function catalog_listing_refresh(pid integer) returns void language plpgsql as $$
    begin
      insert into catalog_listing as l (product_id, kind, auction_id, category_id, brand_id, scale_id,
                                        condition, price, end_time, created_at, bids_count)
        select * from (
          select p.id, 'buy_now', null::integer, p.category_id, p.brand_id, p.scale_id, p.condition,
                 p.sell_price, null::timestamptz, p.created_at, 0
            from products p
           where p.id = pid and p.status = 'available' and p.can_be_bought
          union all
          (select p.id, 'auction', a.id, p.category_id, p.brand_id, p.scale_id, p.condition,
                  coalesce(ap.highest_bid, p.base_price, 0), coalesce(ap.end_time, a.end_time),
                  p.created_at, ap.bid_count
             from products p
             join auction_products ap on ap.product_id = p.id
             join auctions a on a.id = ap.auction_id
            where p.id = pid and p.status = 'in_auction' and a.status = 'active'
            order by a.id desc
            limit 1)
        ) r
      on conflict (product_id) do update set
        kind = excluded.kind, auction_id = excluded.auction_id, category_id = excluded.category_id,
        brand_id = excluded.brand_id, scale_id = excluded.scale_id, condition = excluded.condition,
        price = excluded.price, end_time = excluded.end_time, created_at = excluded.created_at,
        bids_count = excluded.bids_count;
      if not found then
        delete from catalog_listing where product_id = pid;
      else
        insert into catalog_listing_text (product_id, search_text)
          select ps.product_id, ps.search_text from product_search ps where ps.product_id = pid
          on conflict (product_id) do nothing;
      end if;
    end $$;

    create function catalog_listing_from_product() returns trigger language plpgsql as $$
    begin
      perform catalog_listing_refresh(new.id);
      return null;
    end $$;
    create trigger products_catalog_listing
      after insert or update of status, can_be_bought, sell_price, base_price, category_id, brand_id,
        scale_id, condition, created_at on products
      for each row execute function catalog_listing_from_product();

    create function catalog_listing_from_auction_product() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then perform catalog_listing_refresh(old.product_id); end if;
      if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.product_id <> old.product_id) then
        perform catalog_listing_refresh(new.product_id);
      end if;
      return null;
    end $$;
    create trigger auction_products_catalog_listing
      after insert or delete or update of auction_id, product_id, highest_bid, bid_count, end_time
      on auction_products
      for each row execute function catalog_listing_from_auction_product();

    create function catalog_listing_from_auction() returns trigger language plpgsql as $$
    begin
      perform catalog_listing_refresh(ap.product_id) from auction_products ap where ap.auction_id = new.id;
      return null;
    end $$;
    create trigger auctions_catalog_listing
      after update of status, end_time on auctions
      for each row execute function catalog_listing_from_auction();

    -- product_search is written by its own trigger on products, which may run after this one:
    -- its text reaches the listing when it changes.
    create function catalog_listing_from_search() returns trigger language plpgsql as $$
    begin
      insert into catalog_listing_text (product_id, search_text)
        select l.product_id, new.search_text from catalog_listing l where l.product_id = new.product_id
        on conflict (product_id) do update set search_text = excluded.search_text
        where catalog_listing_text.search_text is distinct from excluded.search_text;
      return null;
    end $$;
    create trigger product_search_catalog_listing
      after insert or update of search_text on product_search
      for each row execute function catalog_listing_from_search();

    insert into catalog_listing (product_id, kind, auction_id, category_id, brand_id, scale_id,
                                 condition, price, end_time, created_at, bids_count)
      select p.id, 'buy_now', null, p.category_id, p.brand_id, p.scale_id, p.condition,
             p.sell_price, null, p.created_at, 0
        from products p
       where p.status = 'available' and p.can_be_bought
      union all
      select distinct on (p.id) p.id, 'auction', a.id, p.category_id, p.brand_id, p.scale_id, p.condition,
             coalesce(ap.highest_bid, p.base_price, 0), coalesce(ap.end_time, a.end_time),
             p.created_at, ap.bid_count
        from products p
        join auction_products ap on ap.product_id = p.id
        join auctions a on a.id = ap.auction_id
       where p.status = 'in_auction' and a.status = 'active'
       order by 1, 3 desc;
    insert into catalog_listing_text (product_id, search_text)
      select ps.product_id, ps.search_text from product_search ps join catalog_listing l on l.product_id = ps.product_id;
    create index catalog_listing_text_trgm_idx on catalog_listing_text using gin (search_text gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists product_search_catalog_listing on product_search;
    drop function if exists catalog_listing_from_search();
    drop trigger if exists auctions_catalog_listing on auctions;
    drop trigger if exists auction_products_catalog_listing on auction_products;
    drop trigger if exists products_catalog_listing on products;
    drop function if exists catalog_listing_from_auction();
    drop function if exists catalog_listing_from_auction_product();
    drop function if exists catalog_listing_from_product();
    drop function if exists catalog_listing_refresh(integer);
    drop table if exists catalog_listing_text;
    drop table if exists catalog_listing;
  `.execute(db);
}
