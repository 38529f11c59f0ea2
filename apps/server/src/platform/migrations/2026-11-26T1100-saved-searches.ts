import { type Kysely, sql } from 'kysely';

/**
 * Saved searches, and when each buy-now product last became buyable (`products.available_since`,
 * set on creation and on its return from an auction; an auction's products become buyable at
 * the auction's start). A search counts only products that became buyable after it was saved
 * and after its last check (`checked_at`), and notifies at most once a Bogotá day
 * (`last_notified_day`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products add column available_since timestamptz;
    create index products_available_since_idx on products (available_since)
      where status = 'available' and can_be_bought;

    create table saved_searches (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 60),
      filters jsonb not null,
      created_at timestamptz not null,
      checked_at timestamptz not null,
      last_notified_day date
    );
    create index saved_searches_user_idx on saved_searches (user_id, created_at desc, id desc);
    create index saved_searches_checked_idx on saved_searches (checked_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists saved_searches;
    drop index if exists products_available_since_idx;
    alter table products drop column if exists available_since;
  `.execute(db);
}
