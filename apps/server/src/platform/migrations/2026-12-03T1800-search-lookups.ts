import { type Kysely, sql } from 'kysely';

/**
 * The search's typo lookup in one statement per read instead of a transaction of four round
 * trips (begin, the planner settings, the read, commit): `search_words_lookup` (is each typed
 * word found as typed?) and `search_word_candidates` (the words close to a typo) carry the
 * settings they need as `set` clauses, in force only while each runs. Every search, browse with a
 * term and filtered auctions list paid the three extra round trips.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_words_lookup(texts text[], min_letters integer)
      returns table (key text, literal boolean) language sql stable
      set enable_seqscan = off set enable_indexscan = off set enable_indexonlyscan = off
    as $$
      select w.key,
             length(w.key) < min_letters or exists (
               select 1 from search_words s
               where s.word like '%' || replace(replace(replace(w.normalized, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' escape '\\'
             )
      from unnest(texts) with ordinality as t(text, ord)
      cross join lateral (
        select search_normalize(t.text) as normalized,
               regexp_replace(search_normalize(t.text), '[^[:alnum:]]+', '', 'g') as key
      ) w
      order by t.ord
    $$
  `.execute(db);
  await sql`
    create or replace function search_word_candidates(typed text, how_many integer)
      returns table (word text, key text) language sql stable
      set enable_seqscan = off set enable_indexscan = off set enable_indexonlyscan = off
      set pg_trgm.word_similarity_threshold = 0.3
    as $$
      select s.word, s.key from search_words s
      where typed <% s.key
      order by word_similarity(typed, s.key) desc, s.word
      limit how_many
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists search_words_lookup(text[], integer)`.execute(db);
  await sql`drop function if exists search_word_candidates(text, integer)`.execute(db);
}
