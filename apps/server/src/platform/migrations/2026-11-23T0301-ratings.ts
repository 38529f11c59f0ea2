import { type Kysely, sql } from 'kysely';

// A buyer rates the seller once per delivered purchase (one rating per confirmed payment).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ratings (
      id integer generated always as identity primary key,
      payment_id uuid not null unique references payments(id),
      product_id integer not null references products(id),
      seller_id integer not null references users(id),
      buyer_id integer not null references users(id),
      score smallint not null check (score between 1 and 5),
      comment text check (comment is null or char_length(comment) <= 500),
      created_at timestamptz not null
    );
    create index ratings_seller_idx on ratings (seller_id, created_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ratings`.execute(db);
}
