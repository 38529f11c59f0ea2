import type { DbFunction } from './db-function.ts';

/**
 * The dedupe key of a throttled e-mail: kind, user, time slot and page (`outbid:<user>:<half hour>:<link>`).
 */
export const mailThrottleKey: DbFunction = {
  name: 'mail_throttle_key',
  definition: `
create or replace function mail_throttle_key(kind text, user_id integer, link text, slot bigint) returns text language sql immutable as $$
      select kind || ':' || user_id::text || ':' || slot::text || ':' || coalesce(link, '')
    $$`,
  triggers: [],
};
