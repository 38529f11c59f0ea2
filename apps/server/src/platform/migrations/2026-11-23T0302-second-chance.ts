import { type Kysely, sql } from 'kysely';

// Second chance: when a winner does not pay, the next-highest bidder gets their own won item for
// the same auction and product. One won item per bidder (not per product) from now on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists payments_auction_product_key;
    create unique index payments_auction_product_buyer_key on payments (auction_id, product_id, buyer_id)
      where kind = 'auction';
    alter table payments add column second_chance boolean not null default false;
    create index payments_processing_expiry_idx on payments (expires_at) where status = 'processing';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists payments_processing_expiry_idx;
    alter table payments drop column if exists second_chance;
    drop index if exists payments_auction_product_buyer_key;
    create unique index payments_auction_product_key on payments (auction_id, product_id) where kind = 'auction';
  `.execute(db);
}
