import type { DbFunction } from './db-function.ts';

/**
 * False for an address that must receive nothing: none, or a deleted account's placeholder (on the
 * reserved `.invalid` domain). The e-mail trigger, `enqueueMail` and the payment reminders ask it.
 */
export const mailDeliverable: DbFunction = {
  name: 'mail_deliverable',
  definition: `
create or replace function mail_deliverable(address text) returns boolean language sql immutable as $$
      select address is not null and lower(address) not like '%.invalid'
    $$`,
  triggers: [],
};
