import { type Kysely, sql } from 'kysely';

/**
 * Search (issue 6): accent- and case-insensitive, typo-tolerant matching with pg_trgm.
 *
 * - `search_normalize(text)`: lower-case, accents removed. `unaccent()` itself is only STABLE (it
 *   reads a dictionary), so it can't appear in an index; this IMMUTABLE wrapper names the dictionary
 *   explicitly, which is the documented way to make it indexable.
 * - Products are searched by name, brand, category, tags and description. Brand and category live
 *   in other tables, so the normalized document is kept in `product_search`, one row per product,
 *   refreshed by triggers whatever module writes the product (or renames a brand or category).
 *   A side table rather than a column keeps `select *` on products unchanged for everyone else.
 * - Users (username and bio) and auctions (title) are searched through expression indexes.
 * - Every matching is a substring test (LIKE) that a GIN trigram index answers. Typos are handled
 *   before that, on `search_words`: the distinct words of all documents, where a mistyped word is
 *   looked up ('funco' → 'funko', 'yugioh' → 'yu-gi-oh!') and the search then asks for the real
 *   words. Looking typos up among a few thousand words instead of comparing the term with every
 *   product keeps a search fast at hundreds of thousands of products. Words are only ever added
 *   (a stale word finds nothing); `key` is the word without punctuation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_normalize(text) returns text
      language sql immutable parallel safe strict
      as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

    create function product_search_document(
      p_name text, p_tags text, p_description text, p_brand_id integer, p_category_id integer
    ) returns text language sql stable parallel safe
      as $$
        select search_normalize(concat_ws(' ', p_name,
          (select name from brands where id = p_brand_id),
          (select name from categories where id = p_category_id),
          p_tags, p_description))
      $$;

    create table search_words (
      word text primary key,
      key text not null
    );

    -- Adds the words of a normalized document. Sorted, so concurrent writers lock in one order.
    create function search_words_add(doc text) returns void language sql volatile
      as $$
        insert into search_words (word, key)
        select word, key from (
          select distinct word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') as key
          from regexp_split_to_table(coalesce(doc, ''), '[[:space:]]+') as word
          where length(word) between 4 and 40
        ) w
        where length(key) >= 4
        order by word
        on conflict (word) do nothing
      $$;

    -- status is a copy of products.status, so a search filters and ranks without touching products.
    create table product_search (
      product_id integer primary key references products(id) on delete cascade,
      status text not null,
      search_name text not null,
      search_text text not null
    );

    insert into product_search (product_id, status, search_name, search_text)
      select id, status, search_normalize(name),
             product_search_document(name, tags, description, brand_id, category_id)
      from products;
    select search_words_add(search_text) from product_search;
    select search_words_add(search_normalize(username || ' ' || coalesce(bio, ''))) from users;
    select search_words_add(search_normalize(title)) from auctions;

    create index product_search_text_trgm_idx on product_search using gin (search_text gin_trgm_ops);
    create index users_search_trgm_idx on users
      using gin (search_normalize(username || ' ' || coalesce(bio, '')) gin_trgm_ops);
    create index auctions_title_trgm_idx on auctions using gin (search_normalize(title) gin_trgm_ops);
    create index search_words_word_trgm_idx on search_words using gin (word gin_trgm_ops);
    create index search_words_key_trgm_idx on search_words using gin (key gin_trgm_ops);

    create function product_search_refresh() returns trigger language plpgsql as $$
    declare
      doc text;
    begin
      if tg_op = 'UPDATE' and (new.name, new.description, new.tags, new.brand_id, new.category_id)
          is not distinct from (old.name, old.description, old.tags, old.brand_id, old.category_id) then
        update product_search set status = new.status where product_id = new.id;
        return null;
      end if;
      doc := product_search_document(new.name, new.tags, new.description, new.brand_id, new.category_id);
      insert into product_search (product_id, status, search_name, search_text)
        values (new.id, new.status, search_normalize(new.name), doc)
        on conflict (product_id) do update
          set status = excluded.status, search_name = excluded.search_name, search_text = excluded.search_text;
      perform search_words_add(doc);
      return null;
    end
    $$;
    create trigger products_search_refresh
      after insert or update of name, description, tags, brand_id, category_id, status on products
      for each row execute function product_search_refresh();

    create function product_search_refresh_names() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name then
        update product_search s
          set search_text = product_search_document(p.name, p.tags, p.description, p.brand_id, p.category_id)
          from products p
          where s.product_id = p.id
            and (case when tg_table_name = 'brands' then p.brand_id else p.category_id end) = new.id;
        perform search_words_add(search_normalize(new.name));
      end if;
      return null;
    end
    $$;
    create trigger brands_search_refresh after update of name on brands
      for each row execute function product_search_refresh_names();
    create trigger categories_search_refresh after update of name on categories
      for each row execute function product_search_refresh_names();

    create function search_words_from_row() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        perform search_words_add(search_normalize(new.username || ' ' || coalesce(new.bio, '')));
      else
        perform search_words_add(search_normalize(new.title));
      end if;
      return null;
    end
    $$;
    create trigger users_search_words after insert or update of username, bio on users
      for each row execute function search_words_from_row();
    create trigger auctions_search_words after insert or update of title on auctions
      for each row execute function search_words_from_row();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists auctions_search_words on auctions;
    drop trigger if exists users_search_words on users;
    drop trigger if exists categories_search_refresh on categories;
    drop trigger if exists brands_search_refresh on brands;
    drop trigger if exists products_search_refresh on products;
    drop function if exists search_words_from_row();
    drop function if exists product_search_refresh_names();
    drop function if exists product_search_refresh();
    drop index if exists auctions_title_trgm_idx;
    drop index if exists users_search_trgm_idx;
    drop table if exists product_search;
    drop function if exists search_words_add(text);
    drop table if exists search_words;
    drop function if exists product_search_document(text, text, text, integer, integer);
    drop function if exists search_normalize(text);
  `.execute(db);
}
