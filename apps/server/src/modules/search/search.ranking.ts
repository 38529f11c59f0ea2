import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import {
  maxRelevance,
  type PreparedSearch,
  relevanceAbove,
  termMatches,
  termRelevance,
} from './search.matching.ts';

/**
 * A table of normalized documents kept by triggers, with a trigram index on `search_name` (and on
 * `text` when that is another column), read as `s`.
 */
export interface RankedDocuments {
  table: 'product_search' | 'auction_search';
  id: 'product_id' | 'auction_id';
  /** The column a term must match: the name and more, or the name itself. */
  text: 'search_text' | 'search_name';
  /** What a visitor may find: a join to the documents' own table, if needed, and a condition. */
  visible: { join?: RawBuilder<unknown>; where: RawBuilder<SqlBool> };
}

export interface Ranked {
  id: number;
  score: number;
}

/**
 * The best `limit` documents for a term, by `termRelevance` on the name then newest, without
 * ranking every match: a common word matches a tenth of the catalogue (26,000 products at
 * 200,000), and reading and ranking them all cost 45-90 ms on PGlite.
 *
 * First the `recent` newest documents are ranked. An older one comes after every one of them that
 * has its relevance or more (ties go to the newest), so once `limit` of them are found, only older
 * ones with a relevance above the lowest of those can still enter: none when that is already the
 * highest possible, else only those whose name holds enough of the term (`relevanceAbove`), which
 * the trigram index on names finds. With fewer than `limit` among the newest (a rare term), every
 * older match is ranked, as all were before; there are few of them then.
 */
export async function rankNewestFirst(
  db: Database,
  search: PreparedSearch,
  documents: RankedDocuments,
  limit: number,
  recent: number,
): Promise<Ranked[]> {
  const table = sql.table(documents.table);
  const id = sql.ref(documents.id);
  const score = termRelevance(search, sql.ref('s.search_name'));
  const rank = async (from: RawBuilder<unknown>, above: RawBuilder<SqlBool>) => {
    const { rows } = await sql<Ranked>`
      select ${sql.ref(`s.${documents.id}`)} as id, ${score} as score
      from ${from} s ${documents.visible.join ?? sql``}
      where ${documents.visible.where} and ${termMatches(search, sql.ref(`s.${documents.text}`))} and ${above}
      order by 2 desc, 1 desc
      limit ${limit}
    `.execute(db);
    return rows;
  };
  const newest = sql`(select * from ${table} order by ${id} desc limit ${recent})`;
  const first = await rank(newest, sql<SqlBool>`true`);
  const floor = first.length < limit ? -1 : first[limit - 1]!.score;
  if (floor >= maxRelevance(search)) return first;

  const oldestRecent = sql`(select min(r.${id}) from (select ${id} from ${table} order by ${id} desc limit ${recent}) r)`;
  const lift = floor >= 0 ? relevanceAbove(search, sql.ref('d.search_name'), floor) : undefined;
  // When the names' index answers `lift`, it alone picks the rows: `offset 0` keeps the text tests
  // out of the index scan, where intersecting the text trigrams of common words cost more than
  // testing the few rows the names give.
  const older = sql`(select * from ${table} d where ${sql.ref(`d.${documents.id}`)} < ${oldestRecent}
    ${lift ? sql`and ${lift.condition}` : sql``} ${lift?.indexed ? sql`offset 0` : sql``})`;
  const rest = await rank(older, sql<SqlBool>`${score} > ${floor}`);
  return [...first, ...rest].sort((a, b) => b.score - a.score || b.id - a.id).slice(0, limit);
}
