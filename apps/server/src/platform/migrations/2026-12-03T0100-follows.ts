import { type Kysely, sql } from 'kysely';

/**
 * Following sellers.
 *
 * - `seller_follows`: one row per follower and seller (the primary key settles two follows
 *   racing); nobody follows themselves. `notified_day` is the Bogotá day of the follower's last
 *   `followed_seller` notice about that seller: a conditional update of it decides, under the
 *   row's lock, that two listings on one day notify once.
 * - `followed_seller` notices e-mail under the new `followed_sellers` preference (and push under
 *   the push preference of the same key, which reads the same function), gathered into a digest
 *   sent at most once a day exactly like the saved-search one: the trigger's digest branch now
 *   serves both kinds, each its own digest. Both functions are redefined whole.
 */
const preferenceOf = (withFollows: boolean) =>
  sql.raw(`
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
        when 'saved_search_match' then 'saved_search'${withFollows ? `\n        when 'followed_seller' then 'followed_sellers'` : ''}
        when 'question' then 'questions'
        when 'question_answered' then 'questions'
        when 'claim_opened' then 'claims'
        when 'claim_message' then 'claims'
        when 'claim_resolved' then 'claims'
        else null
      end
    $$;
`);

/** The e-mail trigger with `digests` (notification types) gathered into one e-mail a day each. */
const enqueueNotification = (digests: string[]) =>
  sql.raw(`
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

      if new.type in (${digests.map((d) => `'${d}'`).join(', ')}) then
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
`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table seller_follows (
      follower_id integer not null references users(id) on delete cascade,
      seller_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null,
      notified_day text check (notified_day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      primary key (follower_id, seller_id),
      check (follower_id <> seller_id)
    );
    create index seller_follows_seller_idx on seller_follows (seller_id, created_at desc);
    create index seller_follows_follower_idx on seller_follows (follower_id, created_at desc);
  `.execute(db);
  await preferenceOf(true).execute(db);
  await enqueueNotification(['saved_search_match', 'followed_seller']).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await enqueueNotification(['saved_search_match']).execute(db);
  await preferenceOf(false).execute(db);
  await sql`
    delete from mail_outbox where kind = 'followed_seller';
    delete from email_opt_outs where preference = 'followed_sellers';
    delete from push_opt_outs where preference = 'followed_sellers';
    drop table seller_follows;
  `.execute(db);
}
