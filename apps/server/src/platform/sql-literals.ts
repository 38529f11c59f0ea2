import type { CompiledQuery } from 'kysely';
import pg from 'pg';

/**
 * `query`'s SQL with each `$n` replaced by its value as a SQL literal, for the simple protocol
 * (which carries no parameters). Only for code-written SQL with `$n` placeholders, never SQL text
 * built from input.
 */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= query.parameters.length) throw new Error(`no value for $${n}`);
    return literal(query.parameters[index]);
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  // Typed by where it goes (a cast, or a prepared statement's parameter); '{}' takes any type.
  if (Array.isArray(value)) return value.length === 0 ? `'{}'` : `array[${value.map(literal).join(', ')}]`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return `(${value})`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as a SQL literal`);
    return `(${value})`;
  }
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') {
    // A NUL would end the query text in the middle of the literal (and no text column takes one).
    if (value.includes('\0')) throw new Error('a SQL literal cannot hold a NUL character');
    return pg.escapeLiteral(value);
  }
  throw new Error(`cannot write a ${typeof value} as a SQL literal`);
}
