import { type Kysely, sql } from 'kysely';

/**
 * Bids as HOT updates of their race's row. Every accepted bid rewrites its product's
 * `auction_products` row (highest bid, leader, count, stamp), and in a bidding war the leader
 * changes with nearly every bid. With `highest_bidder_id` indexed, that made every bid a full
 * update: a new row version on another page and an entry in each of the table's four indexes,
 * whose dead entries the next reads of the row then walked (about 2 in 100 bids were HOT,
 * counted in `pg_stat_user_tables` during the bids benchmark). Without an index on a column a
 * bid changes, PostgreSQL keeps the new version on the row's own page and writes no index.
 *
 * The three reads that found rows by their leader (wins counted for a profile and for the
 * account's totals, the races a deleted account still leads) start from that user's bids
 * instead (`bids_user_created_idx`): a race's leader always holds one of its bids, so the rows are
 * the same.
 *
 * `bids_user_id_idx` goes too: `bids_user_created_idx` (user_id, created_at) answers every read
 * by bidder, and each bid wrote both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists auction_products_highest_bidder_id_idx`.execute(db);
  await sql`drop index if exists bids_user_id_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists bids_user_id_idx on bids (user_id)`.execute(db);
  await sql`create index if not exists auction_products_highest_bidder_id_idx on auction_products (highest_bidder_id)`.execute(
    db,
  );
}
