/**
 * Every table of the public schema with its row count and a checksum of its rows (md5 of the
 * sorted md5s of each row's text), read in one statement so they all come from one snapshot: a
 * backup records them, a restore checks the database it made against them.
 */
export type TableSums = Record<string, { rows: number; checksum: string }>;

/** The statement listing the tables whose sums are read. */
export const LIST_TABLES_SQL =
  "select tablename from pg_tables where schemaname = 'public' order by tablename";

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** One statement answering `{name, rows, checksum}` for each of `tables`. */
function tableSumsSql(tables: string[]): string {
  if (tables.length === 0)
    return "select ''::text as name, 0::int8 as rows, ''::text as checksum where false";
  return tables
    .map(
      (name) =>
        `select ${literal(name)}::text as name, count(*)::int8 as rows, ` +
        `coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '')::text as checksum ` +
        `from public.${quoted(name)} t`,
    )
    .join(' union all ');
}

/** Reads the sums with `query` (a statement in, rows out): the tables, then one statement for all. */
export async function readTableSums(query: (sql: string) => Promise<unknown[]>): Promise<TableSums> {
  const tables = (await query(LIST_TABLES_SQL)).map((row) => (row as { tablename: string }).tablename);
  return sumsOf(await query(tableSumsSql(tables)));
}

function sumsOf(rows: unknown[]): TableSums {
  const sums: TableSums = {};
  for (const row of rows as Array<{ name: string; rows: number | string; checksum: string }>) {
    sums[row.name] = { rows: Number(row.rows), checksum: row.checksum };
  }
  return sums;
}

/** The tables whose sums differ (or that only one side has), named; empty when all match. */
export function differingTables(expected: TableSums, actual: TableSums): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter(
      (name) =>
        expected[name]?.rows !== actual[name]?.rows || expected[name]?.checksum !== actual[name]?.checksum,
    )
    .sort();
}
