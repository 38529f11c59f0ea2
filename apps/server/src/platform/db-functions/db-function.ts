/** A trigger as `create trigger` declares it; the test compares it with `pg_trigger`. */
export interface DbTrigger {
  table: string;
  name: string;
  timing: 'before' | 'after';
  events: Array<'insert' | 'update' | 'delete' | 'truncate'>;
  /** `update of …`: the trigger fires only when one of these columns is set. */
  columns?: string[];
  level: 'row' | 'statement';
  /** The `when (…)` condition, without its parentheses. */
  when?: string;
  /** The function's arguments (`tg_argv`), as text. */
  args?: string[];
}

/**
 * A database function as the migrations leave it: its whole current `create or replace
 * function` statement, and the triggers that call it (none for a function only other functions
 * call).
 */
export interface DbFunction {
  name: string;
  definition: string;
  triggers: DbTrigger[];
}

/** The `create trigger` statement of a declared trigger, on `table` (the declared one unless given). */
export function createTriggerStatement(fn: DbFunction, trigger: DbTrigger, table = trigger.table): string {
  const events = trigger.events
    .map((event) =>
      event === 'update' && trigger.columns ? `update of ${trigger.columns.join(', ')}` : event,
    )
    .join(' or ');
  const when = trigger.when ? ` when (${trigger.when})` : '';
  const args = (trigger.args ?? []).map((arg) => `'${arg.replaceAll("'", "''")}'`).join(', ');
  return `create trigger ${trigger.name} ${trigger.timing} ${events} on ${table} for each ${trigger.level}${when} execute function ${fn.name}(${args})`;
}
