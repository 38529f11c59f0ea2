import { type Kysely, sql } from 'kysely';

/**
 * `catalog`: a change counter (see the auction-list-version migration) for the answers about
 * products that are read from memory: a product's auction page, its buy-now page and browsing.
 * It moves with a product, an auction, what an auction holds and when each product ends, a
 * seller's or bidder's name or picture, bids rewritten or removed, search text, and the
 * categories, brands and scales those answers name.
 *
 * A bid does not move it: every process's pipeline of bids would otherwise queue on this one
 * row. What a bid changes is read per product instead (its race row: highest bid, bid count,
 * stamp, end; the product page checks it with the counter), and browsing's prices and bid counts
 * are refreshed by the event bus, or by time while the bus is away. That is why auction_products
 * moves it only for columns other than the race's, and bids only when rewritten or removed (a new
 * bid is written with its race, in the same statement).
 */
const watched: Array<[name: string, table: string, events: string]> = [
  ['products_catalog_version', 'products', 'insert or update or delete'],
  ['auctions_catalog_version', 'auctions', 'insert or update or delete'],
  [
    'auction_products_catalog_version',
    'auction_products',
    'insert or delete or update of auction_id, product_id, outcome, end_time',
  ],
  ['bids_catalog_version', 'bids', 'update or delete'],
  ['users_catalog_version', 'users', 'delete or update of username, avatar'],
  ['product_search_catalog_version', 'product_search', 'insert or update or delete'],
  ['categories_catalog_version', 'categories', 'insert or update or delete'],
  ['brands_catalog_version', 'brands', 'insert or update or delete'],
  ['scales_catalog_version', 'scales', 'insert or update or delete'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into change_versions (name) values ('catalog')`.execute(db);
  for (const [name, table, events] of watched) {
    await sql`
      create trigger ${sql.raw(name)} after ${sql.raw(events)} on ${sql.raw(table)}
      for each statement execute function bump_change_version('catalog')
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of watched)
    await sql`drop trigger ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
  await sql`delete from change_versions where name = 'catalog'`.execute(db);
}
