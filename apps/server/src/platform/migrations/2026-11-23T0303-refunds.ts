import { type Kysely, sql } from 'kysely';

// Charges that must be given back (a payment for a product already sold, or for an item whose
// window had expired): one row per charge, retried by a job until the processor confirms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table refunds (
      id uuid primary key default gen_random_uuid(),
      payment_id uuid not null references payments(id),
      charge_key text not null unique,
      provider text not null,
      provider_tx_id text,
      amount bigint not null check (amount > 0),
      currency text not null default 'COP',
      reason text not null,
      status text not null default 'pending' check (status in ('pending', 'refunded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      provider_refund_id text,
      refunded_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index refunds_payment_id_idx on refunds (payment_id);
    create index refunds_due_idx on refunds (next_attempt_at) where status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists refunds`.execute(db);
}
