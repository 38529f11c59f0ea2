import { type Kysely, sql } from 'kysely';

/**
 * Tracking on shipped sales (carrier and number) and buyer claims after a sale: one open claim
 * per purchase at most, enforced by the database itself so two simultaneous requests cannot
 * both open one; the conversation of each claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments add column carrier text;
    alter table payments add column tracking_number text;

    create table claims (
      id serial primary key,
      payment_id uuid not null references payments (id),
      product_id integer not null references products (id),
      buyer_id integer not null references users (id),
      seller_id integer not null references users (id),
      reason text not null check (reason in ('no_llego', 'no_coincide', 'danado')),
      description text not null,
      status text not null default 'open' check (status in ('open', 'escalated', 'refunded', 'released')),
      opened_at timestamptz not null,
      seller_respond_by timestamptz not null,
      escalated_at timestamptz,
      resolved_at timestamptz,
      resolved_by integer references users (id),
      resolution_note text,
      updated_at timestamptz not null
    );
    create unique index claims_one_open_idx on claims (payment_id) where status in ('open', 'escalated');
    create index claims_buyer_idx on claims (buyer_id, opened_at desc);
    create index claims_seller_idx on claims (seller_id, opened_at desc);
    create index claims_status_idx on claims (status, opened_at);

    create table claim_messages (
      id serial primary key,
      claim_id integer not null references claims (id),
      author_id integer not null references users (id),
      author_role text not null check (author_role in ('buyer', 'seller', 'operator')),
      text text not null,
      created_at timestamptz not null
    );
    create index claim_messages_claim_idx on claim_messages (claim_id, created_at, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table claim_messages;
    drop table claims;
    alter table payments drop column tracking_number;
    alter table payments drop column carrier;
  `.execute(db);
}
