import { type Kysely, sql } from 'kysely';

/**
 * E-mail to people who are not on the site.
 *
 * `mail_outbox`: one row per e-mail, written in the transaction of the event that causes it (a
 * rollback sends nothing, a crash loses nothing); the sending job claims due rows and marks them
 * sent once the SMTP server accepted them.
 *
 * `email_opt_outs`: the e-mail types a user turned off (a row is an opt-out; none means every
 * type is on).
 *
 * Every in-app notification that has an e-mail counterpart enqueues it from a trigger on
 * `notifications`, so every writer (the bid path's single statement included) gets its e-mail in
 * the same transaction without another round trip, and no module needs e-mail code of its own.
 * The trigger applies the preferences and the throttles: outbid at most once per product per 30
 * minutes per user; saved-search matches gathered into one pending digest per user, sent at most
 * once a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_outbox (
      id bigserial primary key,
      user_id integer references users (id),
      to_address text not null,
      kind text not null,
      preference text,
      data jsonb not null,
      dedupe_key text,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      created_at timestamptz not null,
      sent_at timestamptz,
      last_error text
    );
    create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending';
    create index mail_outbox_user_kind_idx on mail_outbox (user_id, kind, created_at desc);
    create unique index mail_outbox_dedupe_idx on mail_outbox (dedupe_key) where dedupe_key is not null;

    create table email_opt_outs (
      user_id integer not null references users (id),
      preference text not null,
      created_at timestamptz not null,
      primary key (user_id, preference)
    );

    create function mail_preference_of(notification_type text) returns text
    language sql immutable as $$
      select case notification_type
        when 'outbid' then 'outbid'
        when 'auction_won' then 'won'
        when 'payment_confirmed' then 'payment'
        when 'item_sold' then 'payment'
        when 'item_shipped' then 'shipping'
        when 'item_delivered' then 'shipping'
        when 'payout_paid' then 'payout'
        when 'ending_soon' then 'ending_soon'
        when 'saved_search_match' then 'saved_search'
        when 'question' then 'questions'
        when 'question_answered' then 'questions'
        when 'claim_opened' then 'claims'
        when 'claim_message' then 'claims'
        when 'claim_resolved' then 'claims'
        else null
      end
    $$;

    create function mail_enqueue_notification() returns trigger
    language plpgsql as $$
    declare
      pref text := mail_preference_of(new.type);
      address text;
      item jsonb;
      last_digest timestamptz;
    begin
      if pref is null then return null; end if;
      if exists (select 1 from email_opt_outs o where o.user_id = new.user_id and o.preference = pref) then
        return null;
      end if;
      select email into address from users where id = new.user_id;
      if address is null then return null; end if;
      item := jsonb_build_object('title', new.title, 'message', new.message, 'link', new.link);
      if new.type = 'outbid' and exists (
        select 1 from mail_outbox m
        where m.user_id = new.user_id and m.kind = 'outbid' and m.data->>'link' is not distinct from new.link
          and m.created_at > new.created_at - interval '30 minutes'
      ) then
        return null;
      end if;
      if new.type = 'saved_search_match' then
        update mail_outbox set data = jsonb_set(data, '{items}', (data->'items') || jsonb_build_array(item))
        where user_id = new.user_id and kind = 'saved_search_match' and status = 'pending';
        if found then return null; end if;
        select max(created_at) into last_digest from mail_outbox
        where user_id = new.user_id and kind = 'saved_search_match';
        insert into mail_outbox (user_id, to_address, kind, preference, data, next_attempt_at, created_at)
        values (new.user_id, address, new.type, pref, jsonb_build_object('items', jsonb_build_array(item)),
                greatest(new.created_at, coalesce(last_digest + interval '1 day', new.created_at)), new.created_at);
        return null;
      end if;
      insert into mail_outbox (user_id, to_address, kind, preference, data, next_attempt_at, created_at)
      values (new.user_id, address, new.type, pref, item, new.created_at, new.created_at);
      return null;
    end
    $$;

    create trigger notifications_mail after insert on notifications
      for each row execute function mail_enqueue_notification();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger notifications_mail on notifications;
    drop function mail_enqueue_notification();
    drop function mail_preference_of(text);
    drop table email_opt_outs;
    drop table mail_outbox;
  `.execute(db);
}
