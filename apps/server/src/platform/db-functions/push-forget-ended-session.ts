import type { DbFunction } from './db-function.ts';

/** A session ended: the push subscription made from it goes. */
export const pushForgetEndedSession: DbFunction = {
  name: 'push_forget_ended_session',
  definition: `
create or replace function push_forget_ended_session() returns trigger language plpgsql as $$
    begin
      delete from push_subscriptions where session_id = new.id;
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'user_sessions',
      name: 'user_sessions_push',
      timing: 'after',
      events: ['update'],
      columns: ['ended_at'],
      level: 'row',
      when: 'new.ended_at is not null and old.ended_at is null',
    },
  ],
};
