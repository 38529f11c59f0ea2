import { type Kysely, sql } from 'kysely';

// Why a payment was not confirmed (e.g. a second buyer paid for a product already sold), told to
// the buyer on the payment result; and the seller's sales list, newest sale first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments add column status_note text;
    create index payments_seller_confirmed_idx on payments (seller_id, confirmed_at desc) where status = 'confirmed';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists payments_seller_confirmed_idx;
    alter table payments drop column if exists status_note;
  `.execute(db);
}
