import type { DbFunction } from './db-function.ts';

/**
 * The e-mail of an in-app notification, written in the notice's own statement: the type's rule
 * (`notification_rules`, one primary-key probe) gives its preference, its throttle (outbid: at most
 * one per user and page per 30 minutes, answered from the unique dedupe index) and its digest
 * interval (saved searches, followed sellers: gathered, sent at most once a day); opted-out types
 * and undeliverable addresses get none.
 */
export const mailEnqueueNotification: DbFunction = {
  name: 'mail_enqueue_notification',
  definition: `
create or replace function mail_enqueue_notification() returns trigger language plpgsql as $$
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
    $$`,
  triggers: [
    { table: 'notifications', name: 'notifications_mail', timing: 'after', events: ['insert'], level: 'row' },
  ],
};
