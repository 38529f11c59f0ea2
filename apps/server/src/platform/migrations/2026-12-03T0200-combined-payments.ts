import { type Kysely, sql } from 'kysely';

/**
 * One payment for several items of one seller.
 *
 * - `combined_payments`: one checkout link at the processor for the sum of several pending
 *   payments (won items, accepted offers) of one buyer and one seller. It carries the link and
 *   the processor's answer; the items keep their own rows, windows and states and are confirmed
 *   one by one (each with its payout) when the combined charge is approved.
 * - `combined_payment_items`: which payments a combined payment pays. A payment may be in several
 *   over time (a rejected or expired combined link leaves it payable again); at most one of them
 *   is open, decided under the payment rows' locks.
 * - The combined id is the reference the processor's notifications name; a paid combined
 *   payment's items are shipped together, so its id also names the shipment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table combined_payments (
      id uuid primary key default gen_random_uuid(),
      buyer_id integer not null references users(id),
      seller_id integer not null references users(id),
      amount bigint not null check (amount > 0),
      currency text not null default 'COP',
      provider text not null,
      status text not null default 'pending'
        check (status in ('pending','processing','confirmed','rejected','expired','superseded','refused')),
      payment_link text,
      link_id text unique,
      link_created_at timestamptz,
      link_expires_at timestamptz,
      provider_checked_at timestamptz,
      provider_tx_id text,
      status_note text,
      confirmed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index combined_payments_buyer_idx on combined_payments (buyer_id, created_at desc);
    create index combined_payments_open_idx on combined_payments (link_expires_at)
      where status in ('pending','processing');

    create table combined_payment_items (
      combined_payment_id uuid not null references combined_payments(id) on delete cascade,
      payment_id uuid not null references payments(id),
      primary key (combined_payment_id, payment_id)
    );
    create index combined_payment_items_payment_idx on combined_payment_items (payment_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table combined_payment_items;
    drop table combined_payments;
  `.execute(db);
}
