import { type Kysely, sql } from 'kysely';

/**
 * The typo lookup (`typed <% key` on search_words, ordered by word similarity) through a GiST
 * trigram index instead of a GIN one. For word similarity GIN reads the posting list of every
 * trigram of the typed word and rechecks each word found; GiST prunes by signature as it descends.
 * Measured on PGlite at 200,000 products (24,000 words, the machine loaded): 13-112 ms per typed
 * word with GIN (a two-typo term paid about 140 ms before any product was read), 2.5-4 ms with
 * GiST, same candidates. Nothing else reads `key`; `word` keeps its GIN index for the LIKE test.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index search_words_key_trgm_idx;
    create index search_words_key_trgm_gist_idx on search_words using gist (key gist_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index search_words_key_trgm_gist_idx;
    create index search_words_key_trgm_idx on search_words using gin (key gin_trgm_ops);
  `.execute(db);
}
