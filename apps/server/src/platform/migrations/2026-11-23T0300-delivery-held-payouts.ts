import { type Kysely, sql } from 'kysely';

// Buyer protection: a sale is delivered when the buyer confirms receipt (or 14 days after
// shipping), and the seller's payout is held until then. Existing payouts of delivered products
// become payable; every other one is held.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments add column delivered_at timestamptz;
    create index payments_shipped_due_idx on payments (shipped_at)
      where status = 'confirmed' and shipping_status = 'shipped';
    create index payments_buyer_confirmed_idx on payments (buyer_id, confirmed_at desc)
      where status = 'confirmed';

    alter table payouts add column voided_at timestamptz;
    update payouts set status = case
      when exists (
        select 1 from payments pay
        where pay.id = payouts.payment_id and pay.shipping_status = 'delivered'
      ) then 'payable' else 'held' end;
    alter table payouts alter column status set default 'held';
    alter table payouts add constraint payouts_status_check check (status in ('held', 'payable'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payouts drop constraint if exists payouts_status_check;
    alter table payouts alter column status set default 'pending';
    alter table payouts drop column if exists voided_at;
    drop index if exists payments_buyer_confirmed_idx;
    drop index if exists payments_shipped_due_idx;
    alter table payments drop column if exists delivered_at;
  `.execute(db);
}
