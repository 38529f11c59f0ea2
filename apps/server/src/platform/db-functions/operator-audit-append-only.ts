import type { DbFunction } from './db-function.ts';

/** The operators' audit is append-only: an update, delete or truncate of it is refused. */
export const operatorAuditAppendOnly: DbFunction = {
  name: 'operator_audit_append_only',
  definition: `
create or replace function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only: % refused', tg_op;
    end
    $$`,
  triggers: [
    {
      table: 'operator_audit',
      name: 'operator_audit_no_change',
      timing: 'before',
      events: ['delete', 'update'],
      level: 'row',
    },
    {
      table: 'operator_audit',
      name: 'operator_audit_no_truncate',
      timing: 'before',
      events: ['truncate'],
      level: 'statement',
    },
  ],
};
