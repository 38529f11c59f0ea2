import type { DbFunction } from './db-function.ts';

/** Stamps when a payout became payable (`payable_since`), on insert or on its move to `payable`. */
export const payoutsStampPayable: DbFunction = {
  name: 'payouts_stamp_payable',
  definition: `
create or replace function payouts_stamp_payable() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.status = 'payable' and new.payable_since is null then
          new.payable_since := new.updated_at;
        end if;
      elsif new.status = 'payable' and old.status is distinct from 'payable' then
        new.payable_since := new.updated_at;
      end if;
      return new;
    end
    $$`,
  triggers: [
    {
      table: 'payouts',
      name: 'payouts_stamp_payable',
      timing: 'before',
      events: ['insert', 'update'],
      columns: ['status'],
      level: 'row',
    },
  ],
};
