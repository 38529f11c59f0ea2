import { type Kysely, sql } from 'kysely';

/**
 * The e-mail rules of each notification type as data instead of code.
 *
 * - `notification_rules`: per notification type, the preference that turns its e-mail and push
 *   off (null: no e-mail), the e-mail throttle (at most one per user and page within
 *   `throttle_seconds`: outbid's 30 minutes) and the digest interval (`digest_seconds`: saved
 *   searches and followed sellers, one e-mail a day). The server writes it from its TypeScript
 *   rules after every migration run; the rows below are those rules as they stand today, so the
 *   triggers work on a database migrated without the server too.
 * - `mail_preference_of` reads its row (push asks it too); `mail_enqueue_notification` reads the
 *   row once, by its key, before anything else, and takes the throttle and the digest interval
 *   from it instead of its hard-coded type list, 30 minutes and one day.
 * - `mail_throttle_key(kind, user, link, slot)` replaces `mail_outbid_key`: the same text for
 *   outbid (`outbid:<user>:<half hour>:<link>`), so the throttle holds across the upgrade.
 */
const todaysRules: Array<[string, string | null, number | null, number | null]> = [
  ['outbid', 'outbid', 1800, null],
  ['auction_won', 'won', null, null],
  ['auction_started', null, null, null],
  ['auction_ended', null, null, null],
  ['item_sold', 'payment', null, null],
  ['payment_confirmed', 'payment', null, null],
  ['item_shipped', 'shipping', null, null],
  ['bank_account_changed', null, null, null],
  ['item_delivered', 'shipping', null, null],
  ['second_chance', null, null, null],
  ['payment_expired', null, null, null],
  ['payment_refunded', null, null, null],
  ['payment_voided', null, null, null],
  ['ending_soon', 'ending_soon', null, null],
  ['question', 'questions', null, null],
  ['question_answered', 'questions', null, null],
  ['payout_paid', 'payout', null, null],
  ['product_taken_down', null, null, null],
  ['claim_opened', 'claims', null, null],
  ['claim_message', 'claims', null, null],
  ['claim_resolved', 'claims', null, null],
  ['saved_search_match', 'saved_search', null, 86400],
  ['security', null, null, null],
  ['offer', 'payment', null, null],
  ['followed_seller', 'followed_sellers', null, 86400],
  ['system', null, null, null],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_rules (
      type text primary key,
      preference text,
      throttle_seconds integer check (throttle_seconds > 0),
      digest_seconds integer check (digest_seconds > 0),
      check (throttle_seconds is null or digest_seconds is null)
    );
  `.execute(db);
  await sql`
    insert into notification_rules (type, preference, throttle_seconds, digest_seconds)
    values ${sql.join(todaysRules.map((rule) => sql`(${sql.join(rule.map((v) => sql.lit(v)))})`))}
  `.execute(db);
  await sql`
    create function mail_throttle_key(kind text, user_id integer, link text, slot bigint) returns text
    language sql immutable as $$
      select kind || ':' || user_id::text || ':' || slot::text || ':' || coalesce(link, '')
    $$;

    create or replace function mail_preference_of(notification_type text) returns text
    language sql stable as $$
      select preference from notification_rules where type = notification_type
    $$;

    create or replace function mail_enqueue_notification() returns trigger
    language plpgsql as $$
    declare
      rule notification_rules%rowtype;
      slot bigint;
      item jsonb;
      last_digest timestamptz;
    begin
      -- One probe of the rules' primary key: whether, under which preference and how often.
      select * into rule from notification_rules where type = new.type;
      if rule.preference is null then return null; end if;

      -- Throttled first (outbid): written by every bid, and most of a bidding war's are dropped
      -- by two probes of the unique dedupe index (this window's key and the previous one's).
      if rule.throttle_seconds is not null then
        slot := floor(extract(epoch from new.created_at) / rule.throttle_seconds);
        if exists (
          select 1 from mail_outbox m
          where m.dedupe_key in (mail_throttle_key(new.type, new.user_id, new.link, slot),
                                 mail_throttle_key(new.type, new.user_id, new.link, slot - 1))
            and m.created_at > new.created_at - rule.throttle_seconds * interval '1 second'
        ) then
          return null;
        end if;
        insert into mail_outbox (user_id, to_address, kind, preference, data, dedupe_key, next_attempt_at, created_at)
        select u.id, u.email, new.type, rule.preference,
               jsonb_build_object('title', new.title, 'message', new.message, 'link', new.link),
               mail_throttle_key(new.type, new.user_id, new.link, slot), new.created_at, new.created_at
        from users u
        where u.id = new.user_id and mail_deliverable(u.email)
          and not exists (select 1 from email_opt_outs o where o.user_id = new.user_id and o.preference = rule.preference)
        on conflict (dedupe_key) where dedupe_key is not null do nothing;
        return null;
      end if;

      if exists (select 1 from email_opt_outs o where o.user_id = new.user_id and o.preference = rule.preference) then
        return null;
      end if;
      item := jsonb_build_object('title', new.title, 'message', new.message, 'link', new.link);

      if rule.digest_seconds is not null then
        -- Only into a digest the sending job does not hold: one it holds is sent as it was read.
        update mail_outbox set data = jsonb_set(data, '{items}', (data->'items') || jsonb_build_array(item))
        where id = (
            select id from mail_outbox
            where user_id = new.user_id and kind = new.type and status = 'pending' and claimed_at is null
            order by id desc limit 1
          )
          and status = 'pending' and claimed_at is null;
        if found then return null; end if;
        -- When the last digest went (or is going) out: sent, held by the job, else created.
        select max(coalesce(sent_at, claimed_at, created_at)) into last_digest
        from mail_outbox
        where user_id = new.user_id and kind = new.type;
        insert into mail_outbox (user_id, to_address, kind, preference, data, next_attempt_at, created_at)
        select u.id, u.email, new.type, rule.preference, jsonb_build_object('items', jsonb_build_array(item)),
               greatest(new.created_at,
                        coalesce(last_digest + rule.digest_seconds * interval '1 second', new.created_at)),
               new.created_at
        from users u
        where u.id = new.user_id and mail_deliverable(u.email);
        return null;
      end if;

      insert into mail_outbox (user_id, to_address, kind, preference, data, next_attempt_at, created_at)
      select u.id, u.email, new.type, rule.preference, item, new.created_at, new.created_at
      from users u
      where u.id = new.user_id and mail_deliverable(u.email);
      return null;
    end
    $$;

    drop function mail_outbid_key(integer, text, bigint);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function mail_outbid_key(user_id integer, link text, half_hour bigint) returns text
    language sql immutable as $$
      select 'outbid:' || user_id::text || ':' || half_hour::text || ':' || coalesce(link, '')
    $$;

    create or replace function mail_preference_of(notification_type text) returns text
    language sql immutable as $$
      select case notification_type
        when 'outbid' then 'outbid'
        when 'auction_won' then 'won'
        when 'payment_confirmed' then 'payment'
        when 'item_sold' then 'payment'
        when 'offer' then 'payment'
        when 'item_shipped' then 'shipping'
        when 'item_delivered' then 'shipping'
        when 'payout_paid' then 'payout'
        when 'ending_soon' then 'ending_soon'
        when 'saved_search_match' then 'saved_search'
        when 'followed_seller' then 'followed_sellers'
        when 'question' then 'questions'
        when 'question_answered' then 'questions'
        when 'claim_opened' then 'claims'
        when 'claim_message' then 'claims'
        when 'claim_resolved' then 'claims'
        else null
      end
    $$;

    create or replace function mail_enqueue_notification() returns trigger
    language plpgsql as $$
    declare
      pref text;
      half_hour bigint;
      item jsonb;
      last_digest timestamptz;
    begin
      -- Outbid first: it is written by every bid, and most of a bidding war's are throttled.
      if new.type = 'outbid' then
        half_hour := floor(extract(epoch from new.created_at) / 1800);
        if exists (
          select 1 from mail_outbox m
          where m.dedupe_key in (mail_outbid_key(new.user_id, new.link, half_hour),
                                 mail_outbid_key(new.user_id, new.link, half_hour - 1))
            and m.created_at > new.created_at - interval '30 minutes'
        ) then
          return null;
        end if;
        insert into mail_outbox (user_id, to_address, kind, preference, data, dedupe_key, next_attempt_at, created_at)
        select u.id, u.email, 'outbid', 'outbid',
               jsonb_build_object('title', new.title, 'message', new.message, 'link', new.link),
               mail_outbid_key(new.user_id, new.link, half_hour), new.created_at, new.created_at
        from users u
        where u.id = new.user_id and mail_deliverable(u.email)
          and not exists (select 1 from email_opt_outs o where o.user_id = new.user_id and o.preference = 'outbid')
        on conflict (dedupe_key) where dedupe_key is not null do nothing;
        return null;
      end if;

      pref := mail_preference_of(new.type);
      if pref is null then return null; end if;
      if exists (select 1 from email_opt_outs o where o.user_id = new.user_id and o.preference = pref) then
        return null;
      end if;
      item := jsonb_build_object('title', new.title, 'message', new.message, 'link', new.link);

      if new.type in ('saved_search_match', 'followed_seller') then
        -- Only into a digest the sending job does not hold: one it holds is sent as it was read.
        update mail_outbox set data = jsonb_set(data, '{items}', (data->'items') || jsonb_build_array(item))
        where id = (
            select id from mail_outbox
            where user_id = new.user_id and kind = new.type and status = 'pending' and claimed_at is null
            order by id desc limit 1
          )
          and status = 'pending' and claimed_at is null;
        if found then return null; end if;
        -- When the last digest went (or is going) out: sent, held by the job, else created.
        select max(coalesce(sent_at, claimed_at, created_at)) into last_digest
        from mail_outbox
        where user_id = new.user_id and kind = new.type;
        insert into mail_outbox (user_id, to_address, kind, preference, data, next_attempt_at, created_at)
        select u.id, u.email, new.type, pref, jsonb_build_object('items', jsonb_build_array(item)),
               greatest(new.created_at, coalesce(last_digest + interval '1 day', new.created_at)), new.created_at
        from users u
        where u.id = new.user_id and mail_deliverable(u.email);
        return null;
      end if;

      insert into mail_outbox (user_id, to_address, kind, preference, data, next_attempt_at, created_at)
      select u.id, u.email, new.type, pref, item, new.created_at, new.created_at
      from users u
      where u.id = new.user_id and mail_deliverable(u.email);
      return null;
    end
    $$;

    drop function mail_throttle_key(text, integer, text, bigint);
    drop table notification_rules;
  `.execute(db);
}
