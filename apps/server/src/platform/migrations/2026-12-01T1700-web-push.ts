import { type Kysely, sql } from 'kysely';

/**
 * Web Push: the devices a user subscribed, the push types they turned off, and the queue of
 * pushes waiting to be sent.
 *
 * `push_subscriptions`: one row per device (its push service's endpoint, unique), tied to the
 * session that subscribed it: ending that session (logout, logout everywhere, a password change)
 * or forgetting it removes the device, so a browser nobody is logged in on receives nothing.
 *
 * `push_opt_outs`: the push types a user turned off (the same keys as the e-mail preferences).
 *
 * `push_outbox`: one row per push and device, written by a trigger on `notifications` in the
 * transaction of the event (like e-mail): every writer of a notification, whichever module and
 * whichever type, pushes it without code of its own. A notification type whose e-mail has a
 * preference (`mail_preference_of`) is pushed per the push preference of the same key; the others
 * are always pushed. The trigger costs the bid path one probe of the subscriptions' user index
 * when the user has no device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      session_id text references user_sessions (id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_agent text,
      created_at timestamptz not null
    );
    create index push_subscriptions_user_idx on push_subscriptions (user_id);
    create index push_subscriptions_session_idx on push_subscriptions (session_id);

    create table push_opt_outs (
      user_id integer not null references users (id) on delete cascade,
      preference text not null,
      created_at timestamptz not null,
      primary key (user_id, preference)
    );

    create table push_outbox (
      id bigserial primary key,
      subscription_id bigint not null references push_subscriptions (id) on delete cascade,
      user_id integer not null,
      kind text not null,
      data jsonb not null,
      topic text,
      status text not null default 'pending' check (status in ('pending', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      created_at timestamptz not null,
      last_error text
    );
    create index push_outbox_due_idx on push_outbox (next_attempt_at) where status = 'pending';
    create index push_outbox_subscription_idx on push_outbox (subscription_id);

    create function push_enqueue_notification() returns trigger
    language plpgsql as $$
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
    $$;

    create trigger notifications_push after insert on notifications
      for each row execute function push_enqueue_notification();

    create function push_forget_ended_session() returns trigger
    language plpgsql as $$
    begin
      delete from push_subscriptions where session_id = new.id;
      return null;
    end
    $$;

    create trigger user_sessions_push after update of ended_at on user_sessions
      for each row when (new.ended_at is not null and old.ended_at is null)
      execute function push_forget_ended_session();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger user_sessions_push on user_sessions;
    drop function push_forget_ended_session();
    drop trigger notifications_push on notifications;
    drop function push_enqueue_notification();
    drop table push_outbox;
    drop table push_opt_outs;
    drop table push_subscriptions;
  `.execute(db);
}
