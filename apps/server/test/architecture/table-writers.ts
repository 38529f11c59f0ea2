import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A write found in a module's source: which module, which file and line, which table. */
export type TableWrite = { module: string; file: string; line: number; table: string; how: string };

const KYSELY_WRITE =
  /\b(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"]([a-z_][a-z0-9_]*)/g;
// Raw SQL: `insert into t`, `update t set`, `delete from t`, `merge into t`, `truncate t`.
const SQL_WRITE =
  /\b(insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** The text with comments blanked out (kept the same length, so offsets still give lines). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, (m) => m.replace(/[^\n]/g, ' '));
}

/** The template literals of a file (where raw SQL lives), each with its offset. */
function templates(text: string): { start: number; body: string }[] {
  const out: { start: number; body: string }[] = [];
  const re = /`(?:\\[\s\S]|\$\{[^}]*\}|[^`\\])*`/g;
  for (const m of text.matchAll(re)) out.push({ start: m.index, body: m[0] });
  return out;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Every table write of every module under `modulesDir`, by the module's folder name. Raw SQL is
 * read only inside template literals and only for names of `tables` (so `do update set` or an
 * English "update" in a string is not taken for a table).
 */
export function tableWrites(modulesDir: string, tables: ReadonlySet<string>): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const module of readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, module);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of sourceFiles(dir)) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      const rel = path.relative(modulesDir, file);
      for (const m of text.matchAll(KYSELY_WRITE))
        writes.push({ module, file: rel, line: lineAt(text, m.index), table: m[2]!, how: m[1]! });
      for (const t of templates(text))
        for (const m of t.body.matchAll(SQL_WRITE)) {
          const table = m[2]!.toLowerCase();
          if (tables.has(table))
            writes.push({
              module,
              file: rel,
              line: lineAt(text, t.start + m.index),
              table,
              how: m[1]!.toLowerCase(),
            });
        }
    }
  }
  return writes;
}
