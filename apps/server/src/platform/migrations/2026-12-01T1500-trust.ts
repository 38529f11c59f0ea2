import { type Kysely, sql } from 'kysely';

/**
 * Trust between buyers and sellers: unpaid strikes, one list of blocked buyers per seller (the
 * questions' block list, renamed with its rows), the client addresses of logins, listings and
 * bids (for shill-bidding signals, pruned after 30 days), the pairs an operator confirmed, and
 * the indexes the computed reputation reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table question_blocks rename to seller_blocks;
    alter table seller_blocks rename constraint question_blocks_pkey to seller_blocks_pkey;
    alter index question_blocks_blocked_idx rename to seller_blocks_blocked_idx;

    create table unpaid_strikes (
      id integer generated always as identity primary key,
      user_id integer not null references users(id),
      payment_id uuid not null unique references payments(id),
      product_id integer not null references products(id),
      created_at timestamptz not null,
      cleared_at timestamptz,
      cleared_by integer references users(id)
    );
    create index unpaid_strikes_user_idx on unpaid_strikes (user_id, created_at desc) where cleared_at is null;

    create table client_addresses (
      user_id integer not null references users(id),
      kind text not null check (kind in ('login', 'listing', 'bid')),
      address text not null check (char_length(address) between 1 and 64),
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (user_id, kind, address)
    );
    create index client_addresses_address_idx on client_addresses (address, last_seen_at);
    create index client_addresses_seen_idx on client_addresses (last_seen_at);

    create table confirmed_pairs (
      seller_id integer not null references users(id),
      bidder_id integer not null references users(id),
      confirmed_by integer not null references users(id),
      confirmed_at timestamptz not null,
      primary key (seller_id, bidder_id),
      check (seller_id <> bidder_id)
    );
    create index confirmed_pairs_bidder_idx on confirmed_pairs (bidder_id);

    create index payments_seller_sales_idx on payments (seller_id, confirmed_at) where confirmed_at is not null;
    create index claims_payment_idx on claims (payment_id);
    create index bids_user_created_idx on bids (user_id, created_at);
  `.execute(db);

  // What the computed reputation shows moves the catalog counter, so the product pages and
  // profiles that show it are read again after a claim, a refund or a shipment.
  await sql`
    create trigger claims_catalog_version after insert or delete on claims
    for each statement execute function bump_change_version('catalog');
    create trigger refunds_catalog_version after insert or delete or update of status on refunds
    for each statement execute function bump_change_version('catalog');
    create trigger payments_catalog_version after update of status, confirmed_at, shipped_at on payments
    for each statement execute function bump_change_version('catalog');
    create trigger confirmed_pairs_catalog_version after insert or delete on confirmed_pairs
    for each statement execute function bump_change_version('catalog');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger confirmed_pairs_catalog_version on confirmed_pairs;
    drop trigger payments_catalog_version on payments;
    drop trigger refunds_catalog_version on refunds;
    drop trigger claims_catalog_version on claims;
    drop index bids_user_created_idx;
    drop index claims_payment_idx;
    drop index payments_seller_sales_idx;
    drop table confirmed_pairs;
    drop table client_addresses;
    drop table unpaid_strikes;
    alter index seller_blocks_blocked_idx rename to question_blocks_blocked_idx;
    alter table seller_blocks rename constraint seller_blocks_pkey to question_blocks_pkey;
    alter table seller_blocks rename to question_blocks;
  `.execute(db);
}
