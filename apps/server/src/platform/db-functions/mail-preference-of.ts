import type { DbFunction } from './db-function.ts';

/**
 * The preference that turns a notification type's e-mail and push off (`notification_rules`), null
 * for a type with none.
 */
export const mailPreferenceOf: DbFunction = {
  name: 'mail_preference_of',
  definition: `
create or replace function mail_preference_of(notification_type text) returns text language sql stable as $$
      select preference from notification_rules where type = notification_type
    $$`,
  triggers: [],
};
