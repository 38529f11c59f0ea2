import { type Kysely, sql } from 'kysely';

/**
 * Running the marketplace: operators, suspended accounts, products taken down, payouts paid by
 * an operator (with the transfer reference), invitations to the closed beta, reports, and the
 * operators' audit, which nobody can change once written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column is_operator boolean not null default false;
    alter table users add column suspended_at timestamptz;
    alter table users add column suspension_reason text;

    alter table products add column taken_down_at timestamptz;
    alter table products add column takedown_reason text;

    alter table payouts add column payable_since timestamptz;
    alter table payouts add column paid_at timestamptz;
    alter table payouts add column reference text;
    alter table payouts drop constraint payouts_status_check;
    alter table payouts add constraint payouts_status_check check (status in ('held', 'payable', 'paid'));
    update payouts set payable_since = updated_at where status = 'payable';
    create index payouts_status_idx on payouts (status, payable_since);
  `.execute(db);

  // Whoever moves a payout to payable (delivery, the end of a claim), the time is kept.
  await sql`
    create function payouts_stamp_payable() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.status = 'payable' and new.payable_since is null then
          new.payable_since := new.updated_at;
        end if;
      elsif new.status = 'payable' and old.status is distinct from 'payable' then
        new.payable_since := new.updated_at;
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger payouts_stamp_payable before insert or update of status on payouts
    for each row execute function payouts_stamp_payable()
  `.execute(db);

  await sql`
    create table invitations (
      id serial primary key,
      user_id integer not null references users (id),
      token_hash text not null unique,
      created_by integer not null references users (id),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index invitations_user_idx on invitations (user_id);

    create table reports (
      id serial primary key,
      reporter_id integer not null references users (id),
      target_type text not null check (target_type in ('product', 'user', 'question')),
      target_id integer not null,
      reason text not null check (reason in ('fraude', 'prohibido', 'contacto', 'ofensivo', 'otro')),
      comment text,
      status text not null default 'open' check (status in ('open', 'resolved')),
      created_at timestamptz not null,
      resolved_at timestamptz,
      resolved_by integer references users (id),
      resolution text check (resolution in ('dismiss', 'takedown', 'suspend')),
      resolution_note text
    );
    create unique index reports_one_open_idx on reports (reporter_id, target_type, target_id)
      where status = 'open';
    create index reports_status_idx on reports (status, created_at desc);

    create table operator_audit (
      id serial primary key,
      actor_id integer not null references users (id),
      action text not null,
      target_type text not null,
      target_id text not null,
      target_label text,
      note text,
      created_at timestamptz not null
    );
    create index operator_audit_created_idx on operator_audit (created_at desc, id desc);
  `.execute(db);

  // Append-only, whoever connects: the database itself refuses to change or remove an entry.
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only: % refused', tg_op;
    end
    $$
  `.execute(db);
  await sql`
    create trigger operator_audit_no_change before update or delete on operator_audit
    for each row execute function operator_audit_append_only()
  `.execute(db);
  await sql`
    create trigger operator_audit_no_truncate before truncate on operator_audit
    for each statement execute function operator_audit_append_only()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table operator_audit;
    drop function operator_audit_append_only();
    drop table reports;
    drop table invitations;
    drop trigger payouts_stamp_payable on payouts;
    drop function payouts_stamp_payable();
    drop index payouts_status_idx;
    update payouts set status = 'payable' where status = 'paid';
    alter table payouts drop constraint payouts_status_check;
    alter table payouts add constraint payouts_status_check check (status in ('held', 'payable'));
    alter table payouts drop column reference;
    alter table payouts drop column paid_at;
    alter table payouts drop column payable_since;
    alter table products drop column takedown_reason;
    alter table products drop column taken_down_at;
    alter table users drop column suspension_reason;
    alter table users drop column suspended_at;
    alter table users drop column is_operator;
  `.execute(db);
}
