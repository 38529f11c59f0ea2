import type { DbFunction } from './db-function.ts';

/**
 * The push messages of an in-app notification, one per subscribed device, unless the user turned the
 * type's preference off for push; a newer outbid on a page replaces one not yet delivered.
 */
export const pushEnqueueNotification: DbFunction = {
  name: 'push_enqueue_notification',
  definition: `
create or replace function push_enqueue_notification() returns trigger language plpgsql as $$
    declare
      pref text;
    begin
      -- Most users bidding have no device subscribed: one index probe and done.
      if not exists (select 1 from push_subscriptions s where s.user_id = new.user_id) then
        return null;
      end if;
      pref := mail_preference_of(new.type);
      if pref is not null and exists (
        select 1 from push_opt_outs o where o.user_id = new.user_id and o.preference = pref
      ) then
        return null;
      end if;
      insert into push_outbox (subscription_id, user_id, kind, data, topic, next_attempt_at, created_at)
      select s.id, s.user_id, new.type,
             jsonb_build_object('title', new.title, 'body', new.message, 'url', coalesce(new.link, '/notifications')),
             -- A newer outbid on the same page replaces one the device has not received yet.
             case when new.type = 'outbid' then 'outbid-' || substr(md5(coalesce(new.link, '')), 1, 24) end,
             new.created_at, new.created_at
      from push_subscriptions s
      where s.user_id = new.user_id;
      return null;
    end
    $$`,
  triggers: [
    { table: 'notifications', name: 'notifications_push', timing: 'after', events: ['insert'], level: 'row' },
  ],
};
