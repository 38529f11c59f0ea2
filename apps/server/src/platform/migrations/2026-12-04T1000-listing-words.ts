import { type Kysely, sql } from 'kysely';

/**
 * A term's browse counts from an index instead of from every match's listing row. Counting the
 * products a term finds read each of them (a bitmap heap scan of the listing, about a microsecond
 * a match), so the count grew with the catalogue.
 *
 * - `catalog_words_of(text)`: the distinct words of a search text (runs of non-space characters);
 *   a word over 64 characters is given as '' instead (a btree entry has a size limit), which marks
 *   the row as one a term must be checked against whole.
 * - `catalog_listing_words`: one row per word of each listed product, with the product's facet keys
 *   (kind, category, brand, scale, condition, price band) in its primary key's index, so the
 *   products a word finds are grouped by those keys from the index alone.
 * - `catalog_words`: every word ever listed, under a trigram index: a typed word is looked up
 *   among these (a few thousand) to find the listed words that contain it. A word no listing holds
 *   any more stays (it finds no rows).
 * - A row trigger on `catalog_listing` keeps both: a new text rewrites the product's words, a new
 *   key (a bid that moves the price band) updates them in place, and a bid that keeps the band
 *   fires nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function catalog_words_of(doc text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct case when length(w) <= 64 then w else '' end), '{}')
        from regexp_split_to_table(coalesce(doc, ''), '[[:space:]]+') w
       where w <> ''
    $$;

    create table catalog_words (word text primary key);
    create index catalog_words_trgm_idx on catalog_words using gin (word gin_trgm_ops);

    create table catalog_listing_words (
      word text not null,
      product_id integer not null,
      kind text not null,
      category_id integer not null,
      brand_id integer not null,
      scale_id integer,
      condition text,
      price_band integer,
      primary key (word, product_id) include (kind, category_id, brand_id, scale_id, condition, price_band)
    );

    insert into catalog_words (word)
      select distinct w from catalog_listing l, unnest(catalog_words_of(l.search_text)) w where w <> '';
    insert into catalog_listing_words (word, product_id, kind, category_id, brand_id, scale_id, condition, price_band)
      select w, l.product_id, l.kind, l.category_id, l.brand_id, l.scale_id, l.condition, l.price_band
        from catalog_listing l, unnest(catalog_words_of(l.search_text)) w;

    -- Kept to the index-only scan: the planner of the embedded database's version prefers a
    -- bitmap scan of the table, a page read per product.
    create function catalog_word_products(listed_word text)
      returns table (product_id integer, kind text, category_id integer, brand_id integer,
                     scale_id integer, condition text, price_band integer)
      language sql stable set enable_bitmapscan = off
    as $$
      select w.product_id, w.kind, w.category_id, w.brand_id, w.scale_id, w.condition, w.price_band
        from catalog_listing_words w where w.word = listed_word
    $$;

    create function catalog_listing_words_from_listing() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.search_text is not distinct from new.search_text then
        -- The same words under another key (a bid that moved the price band, say).
        update catalog_listing_words w
           set kind = new.kind, category_id = new.category_id, brand_id = new.brand_id,
               scale_id = new.scale_id, condition = new.condition, price_band = new.price_band
         where w.word = any(catalog_words_of(new.search_text)) and w.product_id = new.product_id;
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        delete from catalog_listing_words w
         where w.word = any(catalog_words_of(old.search_text)) and w.product_id = old.product_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        -- In the words' order, so two transactions adding the same new words never wait on each
        -- other in opposite orders.
        insert into catalog_words (word)
          select w from unnest(catalog_words_of(new.search_text)) w where w <> '' order by w
          on conflict (word) do nothing;
        insert into catalog_listing_words (word, product_id, kind, category_id, brand_id, scale_id, condition, price_band)
          select w, new.product_id, new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band
            from unnest(catalog_words_of(new.search_text)) w;
      end if;
      return null;
    end
    $$;
    create trigger catalog_listing_words after insert or delete on catalog_listing
      for each row execute function catalog_listing_words_from_listing();
    create trigger catalog_listing_words_change after update of search_text, kind, category_id, brand_id, scale_id, condition, price on catalog_listing
      for each row
      when ((old.search_text, old.kind, old.category_id, old.brand_id, old.scale_id, old.condition, old.price_band) is distinct from (new.search_text, new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band))
      execute function catalog_listing_words_from_listing();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists catalog_listing_words_change on catalog_listing;
    drop trigger if exists catalog_listing_words on catalog_listing;
    drop function if exists catalog_listing_words_from_listing();
    drop function if exists catalog_word_products(text);
    drop table if exists catalog_listing_words;
    drop table if exists catalog_words;
    drop function if exists catalog_words_of(text);
  `.execute(db);
}
