import { type Kysely, sql } from 'kysely';

/**
 * `auction_products.race_stamp`: a random number that every decision writing a product's race
 * (its highest bid, its end, its ceilings) replaces with a new one. A process that remembers a
 * race with its stamp can decide the next bids from memory and write them with one statement
 * that applies only while the stamp is still the one it remembers (a compare-and-set): if
 * anyone else wrote the race meanwhile, nothing is written and the bids are decided again under
 * the row's lock. Random rather than counted, so two writers starting from the same stamp can
 * never write the same next one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auction_products add column race_stamp bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auction_products drop column race_stamp`.execute(db);
}
