import { type Kysely, sql } from 'kysely';

/**
 * The next end among listed products (how long a cached browse answer holds) is read on every
 * browse miss: an index on the listing's end, for the auction rows only (buy-now rows have none),
 * answers it from the index's first entry instead of a scan. A bid does not move a row's end, so
 * bids stay HOT updates; only a soft-close extension writes an entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index catalog_listing_end_idx on catalog_listing (end_time) where end_time is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists catalog_listing_end_idx`.execute(db);
}
