import { type Kysely, sql } from 'kysely';

/**
 * Soft close, proxy bids and the watchlist.
 * - auction_products.end_time: each product's own (effective) end, moved by late bids; starts as
 *   the auction's end. The auction's end_time stays the latest end of its products.
 * - bids.auto: bids the server placed from a bidder's ceiling.
 * - bid_ceilings: one private maximum per bidder and product; set_order breaks ties between equal
 *   ceilings (the one set first wins).
 * - watchlist: products a user follows; ending_soon_sent_at makes the 15-minute warning go out once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auction_products add column end_time timestamptz`.execute(db);
  await sql`
    update auction_products ap set end_time = a.end_time
    from auctions a where a.id = ap.auction_id and a.end_time is not null
  `.execute(db);
  await sql`create index auction_products_end_time_idx on auction_products (end_time) where outcome is null`.execute(
    db,
  );

  await sql`alter table bids add column auto boolean not null default false`.execute(db);

  await sql`create sequence bid_ceilings_set_order_seq`.execute(db);
  await sql`
    create table bid_ceilings (
      auction_id integer not null,
      product_id integer not null,
      user_id integer not null references users(id),
      max_amount bigint not null check (max_amount > 0),
      set_order bigint not null,
      updated_at timestamptz not null,
      primary key (auction_id, product_id, user_id),
      foreign key (auction_id, product_id) references auction_products(auction_id, product_id)
    )
  `.execute(db);
  await sql`create index bid_ceilings_user_id_idx on bid_ceilings (user_id)`.execute(db);

  await sql`
    create table watchlist (
      user_id integer not null references users(id),
      product_id integer not null references products(id),
      created_at timestamptz not null,
      ending_soon_auction_id integer,
      primary key (user_id, product_id)
    )
  `.execute(db);
  await sql`create index watchlist_product_id_idx on watchlist (product_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table watchlist`.execute(db);
  await sql`drop table bid_ceilings`.execute(db);
  await sql`drop sequence bid_ceilings_set_order_seq`.execute(db);
  await sql`alter table bids drop column auto`.execute(db);
  await sql`drop index auction_products_end_time_idx`.execute(db);
  await sql`alter table auction_products drop column end_time`.execute(db);
}
