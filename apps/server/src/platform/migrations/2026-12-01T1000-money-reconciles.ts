import { type Kysely, sql } from 'kysely';

/**
 * Money that matches the processor:
 * - payments remember when their link was made and when the processor was last asked about it,
 *   so the reconciliation job asks about each open payment every 15 minutes;
 * - refunds read `pending` / `done` / `failed` (`refunded` becomes `done`), and remember when the
 *   processor accepted the request (a refund stays pending until it confirms the void);
 * - a payout whose buyer was refunded is `cancelled` instead of held for ever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments add column link_created_at timestamptz;
    alter table payments add column provider_checked_at timestamptz;
    update payments set link_created_at = updated_at where link_id is not null;
    create index payments_open_links_idx on payments (link_created_at)
      where status in ('pending', 'processing') and link_id is not null;

    alter table refunds drop constraint refunds_status_check;
    update refunds set status = 'done' where status = 'refunded';
    alter table refunds add constraint refunds_status_check check (status in ('pending', 'done', 'failed'));
    alter table refunds add column requested_at timestamptz;
    create index refunds_status_idx on refunds (status, created_at desc);

    alter table payouts drop constraint payouts_status_check;
    alter table payouts add constraint payouts_status_check
      check (status in ('held', 'payable', 'paid', 'cancelled'));
    update payouts po set status = 'cancelled'
      where po.voided_at is not null and po.status = 'held'
        and exists (select 1 from claims c where c.payment_id = po.payment_id and c.status = 'refunded');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update payouts set status = 'held' where status = 'cancelled';
    alter table payouts drop constraint payouts_status_check;
    alter table payouts add constraint payouts_status_check check (status in ('held', 'payable', 'paid'));

    drop index if exists refunds_status_idx;
    alter table refunds drop column requested_at;
    alter table refunds drop constraint refunds_status_check;
    update refunds set status = 'refunded' where status = 'done';
    alter table refunds add constraint refunds_status_check check (status in ('pending', 'refunded', 'failed'));

    drop index if exists payments_open_links_idx;
    alter table payments drop column provider_checked_at;
    alter table payments drop column link_created_at;
  `.execute(db);
}
