import { type Kysely, sql } from 'kysely';

/**
 * The e-mail trigger made cheap for the bid path, digests that lose no match, and one rule for
 * addresses that must receive nothing.
 *
 * - `mail_deliverable(address)`: false for a deleted account's placeholder address (on the
 *   reserved `.invalid` domain) and for none at all. The trigger, `enqueueMail` and the payment
 *   reminders all ask it.
 * - Outbid e-mails carry a dedupe key per user, product link and half hour
 *   (`mail_outbid_key`). The trigger runs inside every bid's statement: it now answers "e-mailed
 *   within 30 minutes?" from two probes of the unique dedupe index (this half hour's key and the
 *   previous one's, with its time) before it reads anything else, instead of scanning the user's
 *   recent outbox rows after reading the address. A key per half hour alone would allow two
 *   e-mails a minute apart across a boundary; with the previous half hour's row checked too, the
 *   rule stays exactly "at most one per product per 30 minutes", and the unique key settles two
 *   bids racing for the same half hour. Keys are given to the last half hour's outbid rows, so
 *   the rule holds across the upgrade.
 * - `claimed_at`: set while the sending job holds a row (it reads the row, sends it, then marks
 *   it sent), cleared when a failed attempt puts it back. A saved-search match is appended only
 *   to a waiting digest nobody holds; otherwise it starts the next digest, so a match arriving
 *   while a digest is being sent is neither marked sent unsent nor sent twice. The next digest
 *   waits a day from when the last one was sent (or is being sent), not from when it was
 *   created, so a digest that waited does not get another one within the day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function mail_deliverable(address text) returns boolean
    language sql immutable as $$
      select address is not null and lower(address) not like '%.invalid'
    $$;

    create function mail_outbid_key(user_id integer, link text, half_hour bigint) returns text
    language sql immutable as $$
      select 'outbid:' || user_id::text || ':' || half_hour::text || ':' || coalesce(link, '')
    $$;

    alter table mail_outbox add column claimed_at timestamptz;

    update mail_outbox m set dedupe_key = keyed.key
    from (
      select id, key, row_number() over (partition by key order by id) as n
      from (
        select id, mail_outbid_key(user_id, data->>'link', floor(extract(epoch from created_at) / 1800)::bigint) as key
        from mail_outbox
        where kind = 'outbid' and dedupe_key is null and created_at > now() - interval '30 minutes'
      ) recent
    ) keyed
    where m.id = keyed.id and keyed.n = 1;

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

      if new.type = 'saved_search_match' then
        -- Only into a digest the sending job does not hold: one it holds is sent as it was read.
        update mail_outbox set data = jsonb_set(data, '{items}', (data->'items') || jsonb_build_array(item))
        where id = (
            select id from mail_outbox
            where user_id = new.user_id and kind = 'saved_search_match' and status = 'pending' and claimed_at is null
            order by id desc limit 1
          )
          and status = 'pending' and claimed_at is null;
        if found then return null; end if;
        -- When the last digest went (or is going) out: sent, held by the job, else created.
        select max(coalesce(sent_at, claimed_at, created_at)) into last_digest
        from mail_outbox
        where user_id = new.user_id and kind = 'saved_search_match';
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function mail_enqueue_notification() returns trigger
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
    alter table mail_outbox drop column claimed_at;
    drop function mail_outbid_key(integer, text, bigint);
    drop function mail_deliverable(text);
  `.execute(db);
}
