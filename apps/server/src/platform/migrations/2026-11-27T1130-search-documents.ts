import { type Kysely, sql } from 'kysely';

/**
 * Users and auctions get normalized search documents kept by triggers, as products have had
 * since T0500 (`product_search`), and product names get a trigram index of their own.
 *
 * - `search_normalize` cannot be inlined (it is immutable, `unaccent` is only stable), so every
 *   call runs as an SQL function: about 8 µs on PGlite, where the bare `unaccent` takes 1.5.
 *   Matching users and auction titles through expression indexes called it for every row the
 *   index found, once per LIKE in the recheck and again for the ranking: 'hot whel' met 833
 *   users and 2,000 auctions and spent 180 and 108 ms on them at 200,000 products (PGlite, the
 *   machine loaded). Read from a stored column the same rows cost a plain LIKE each.
 * - `user_search` holds the normalized username (ranked first) and username + bio (matched);
 *   `auction_search` the normalized title. Status and end of an auction stay in `auctions` (a
 *   bid's soft close moves the end, and the bid path must not pay for search upkeep).
 * - `product_search_name_trgm_idx` finds the products whose name holds a word of the term, which
 *   are the only ones that can outrank the newest matches (see search.repository.ts).
 * - The auctions title expression index stays: the auction list's own search box reads it.
 *   The users one had no other reader and goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_search (
      user_id integer primary key references users(id) on delete cascade,
      search_name text not null,
      search_text text not null
    );
    create table auction_search (
      auction_id integer primary key references auctions(id) on delete cascade,
      search_name text not null
    );
    insert into user_search (user_id, search_name, search_text)
      select id, search_normalize(username), search_normalize(username || ' ' || coalesce(bio, '')) from users;
    insert into auction_search (auction_id, search_name) select id, search_normalize(title) from auctions;
    create index user_search_text_trgm_idx on user_search using gin (search_text gin_trgm_ops);
    create index auction_search_name_trgm_idx on auction_search using gin (search_name gin_trgm_ops);
    create index product_search_name_trgm_idx on product_search using gin (search_name gin_trgm_ops);
    drop index users_search_trgm_idx;

    -- The document of the written row, and its words for the typo lookup.
    create function search_documents_from_row() returns trigger language plpgsql as $$
    declare
      doc text;
    begin
      if tg_table_name = 'users' then
        doc := search_normalize(new.username || ' ' || coalesce(new.bio, ''));
        insert into user_search (user_id, search_name, search_text)
          values (new.id, search_normalize(new.username), doc)
          on conflict (user_id) do update
            set search_name = excluded.search_name, search_text = excluded.search_text;
      else
        doc := search_normalize(new.title);
        insert into auction_search (auction_id, search_name) values (new.id, doc)
          on conflict (auction_id) do update set search_name = excluded.search_name;
      end if;
      perform search_words_add(doc);
      return null;
    end
    $$;
    drop trigger users_search_words on users;
    drop trigger auctions_search_words on auctions;
    drop function search_words_from_row();
    create trigger users_search_documents after insert or update of username, bio on users
      for each row execute function search_documents_from_row();
    create trigger auctions_search_documents after insert or update of title on auctions
      for each row execute function search_documents_from_row();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger auctions_search_documents on auctions;
    drop trigger users_search_documents on users;
    drop function search_documents_from_row();
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
    create index users_search_trgm_idx on users
      using gin (search_normalize(username || ' ' || coalesce(bio, '')) gin_trgm_ops);
    drop index product_search_name_trgm_idx;
    drop table auction_search;
    drop table user_search;
  `.execute(db);
}
