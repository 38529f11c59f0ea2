import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';

/**
 * How a typed term matches a text, in SQL that runs the same on PGlite and PostgreSQL.
 *
 * Both sides are normalized by `search_normalize` (lower-case, no accents; migration T0500), so
 * 'pokemon' finds 'Pokémon' and 'CAMION' finds 'Camión'. The term is split into words and every
 * word must appear in the text as a substring, so a cut word matches ('bomber' → 'bomberos').
 * `%`, `_` and `\` only match themselves, and the term only ever reaches SQL as a bound parameter.
 *
 * A word of 4+ letters that appears nowhere is taken as a typo: it is looked up among the words of
 * all documents (`search_words`), and the closest real words (by edit distance, allowing a cut-off
 * end) are accepted in its place: 'funco' → 'funko', 'whel' → 'wheels', 'yugioh' → 'yu-gi-oh!'.
 * Every test on the documents stays a LIKE that the GIN trigram indexes answer.
 */

/** Words shorter than this (letters and digits) are never treated as typos. */
const TYPO_MIN_LETTERS = 4;
/** Words beyond this many are ignored (the term is at most 100 characters anyway). */
const MAX_WORDS = 8;
/** Real words accepted in place of one typo, and lexicon candidates examined for it. */
const MAX_CORRECTIONS = 5;
const MAX_CANDIDATES = 50;

interface PreparedWord {
  /** The word as typed (SQL normalizes it the same way as the documents). */
  text: string;
  /** Normalized words of the documents accepted in its place (empty when it is no typo). */
  corrections: string[];
}

/** A term ready to be matched: build it once per request with `prepareSearch`. */
export interface PreparedSearch {
  term: string;
  words: PreparedWord[];
}

/** The distinct words of a term (whitespace separated), at most MAX_WORDS. */
function searchWords(term: string): string[] {
  const seen = new Set<string>();
  for (const word of term.trim().split(/\s+/u)) {
    if (word && !seen.has(word.toLowerCase())) seen.add(word.toLowerCase());
    if (seen.size === MAX_WORDS) break;
  }
  return [...seen];
}

/** Edits (insert, delete, substitute, swap two neighbours) between two strings. */
function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i += 1) {
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[s.length]![t.length]!;
}

/** Edits from a typed word to a real one, also when the typed word is only its start ('whel' → 'wheels'). */
function typoDistance(typed: string, word: string): number {
  let best = editDistance(typed, word);
  const length = [...typed].length;
  const letters = [...word];
  for (let cut = Math.max(1, length - 1); cut <= length + 1 && cut < letters.length; cut += 1) {
    best = Math.min(best, editDistance(typed, letters.slice(0, cut).join('')));
  }
  return best;
}

/** One typo in words of up to 7 letters, two from 8. */
function allowedTypos(typed: string): number {
  return [...typed].length >= 8 ? 2 : 1;
}

/** `search_normalize(value)` of a bound parameter. */
function normalized(value: string): RawBuilder<string> {
  return sql<string>`search_normalize(${value})`;
}

/**
 * A LIKE pattern (escape character `\`) that finds the normalized `value` anywhere. Escaping
 * happens after normalizing, so `%`, `_` and `\` typed (or produced by unaccent) match only themselves.
 */
function containsPattern(value: string): RawBuilder<string> {
  return likeAnywhere(normalized(value));
}

/** A LIKE pattern (escape character `\`) that finds the already normalized `value` anywhere. */
function likeAnywhere(value: Expression<string>): RawBuilder<string> {
  return sql<string>`'%' || replace(replace(replace(${value}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/**
 * Whether a LIKE '%value%' gives pg_trgm a trigram to look up: 3 letters or digits in a row, or 2
 * next to a separator inside the value ('yu-gi-oh!', '1:64'). Without one the index would return
 * every row, so such values ('de', '%', "'") are tested row by row instead.
 */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}|[^\p{L}\p{N}][\p{L}\p{N}]{2}|[\p{L}\p{N}]{2}[^\p{L}\p{N}]/u;

function contains(document: Expression<string>, value: string): RawBuilder<SqlBool> {
  return HAS_TRIGRAM.test(value)
    ? sql<SqlBool>`${document} like ${containsPattern(value)} escape '\\'`
    : sql<SqlBool>`strpos(${document}, ${normalized(value)}) > 0`;
}

/**
 * Normalized documents under trigram indexes: columns kept by triggers (migrations T0500 and
 * 2026-11-27T1130), or an expression the index repeats exactly (it is only used then).
 */
export const searchDocuments = {
  /** product_search.search_text: name, brand, category, tags and description. */
  product: (alias = 'product_search'): RawBuilder<string> => sql<string>`${sql.ref(`${alias}.search_text`)}`,
  /** user_search.search_text: username and bio. */
  user: (alias = 'user_search'): RawBuilder<string> => sql<string>`${sql.ref(`${alias}.search_text`)}`,
  /** The auctions list's filter reads the title itself; the search page reads auction_search.search_name. */
  auctionTitle: (column = 'auctions.title'): RawBuilder<string> =>
    sql<string>`search_normalize(${sql.ref(column)})`,
};

/**
 * Each typed word's key (normalized, letters and digits only) and, for a key long enough to be a
 * typo, whether some document has the word as typed (`search_words_lookup`, one statement with
 * its own planner settings: db-functions/search-words-lookup.ts).
 */
async function lookUpWords(db: Kysely<DB>, texts: string[]) {
  const { rows } = await sql<{ key: string; literal: boolean }>`
    select key, literal from search_words_lookup(${texts}::text[], ${TYPO_MIN_LETTERS}::integer)
  `.execute(db);
  return rows;
}

/** The real words accepted for a typed word's key (one not found as typed). */
async function correctionsFor(db: Kysely<DB>, key: string): Promise<string[]> {
  const candidates = await sql<{ word: string; key: string }>`
    select word, key from search_word_candidates(${key}, ${MAX_CANDIDATES}::integer)
  `.execute(db);
  const allowed = allowedTypos(key);
  // One word per key ('wheels' and 'wheels,'), the shortest, which the others contain.
  const byKey = new Map<string, { word: string; rank: number; distance: number }>();
  candidates.rows.forEach((row, rank) => {
    const distance = typoDistance(key, row.key);
    const kept = byKey.get(row.key);
    if (distance <= allowed && (!kept || row.word.length < kept.word.length))
      byKey.set(row.key, { word: row.word, rank, distance });
  });
  return [...byKey.values()]
    .sort((a, b) => a.distance - b.distance || a.rank - b.rank)
    .slice(0, MAX_CORRECTIONS)
    .map((c) => c.word);
}

/**
 * Splits the term and looks its typos up: one statement for all the words, then one per word that
 * appears nowhere as typed. Each is a statement of its own, so it works inside a caller's
 * transaction or on the database alike.
 */
export async function prepareSearch(db: Kysely<DB>, term: string): Promise<PreparedSearch> {
  const texts = searchWords(term);
  if (texts.length === 0) return { term: term.trim(), words: [] };
  const found = await lookUpWords(db, texts);
  const words: PreparedWord[] = [];
  for (const [index, text] of texts.entries()) {
    const { key, literal } = found[index]!;
    if (literal || [...key].length < TYPO_MIN_LETTERS) words.push({ text, corrections: [] });
    else words.push({ text, corrections: await correctionsFor(db, key) });
  }
  return { term: term.trim(), words };
}

/** True when every word of the term (or one of its corrections) appears in `document`. */
export function termMatches(search: PreparedSearch, document: Expression<string>): RawBuilder<SqlBool> {
  if (search.words.length === 0) return sql<SqlBool>`false`;
  const conditions = search.words.map((word) => {
    const options = [word.text, ...word.corrections].map((value) => contains(document, value));
    return options.length === 1 ? options[0]! : sql`(${sql.join(options, sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * For each word of the term, a condition on a column of single words (no spaces) that holds for
 * the words containing it or one of its corrections: a text holds a word as a substring exactly
 * when one of its space-separated words does, since a typed word has no space. Undefined when a
 * word or correction has no trigram: its lookup would read every word, and the text is tested
 * row by row instead.
 */
export function termWordMatches(
  search: PreparedSearch,
  word: Expression<string>,
): RawBuilder<SqlBool>[] | undefined {
  const options = search.words.map((w) => [w.text, ...w.corrections]);
  if (options.length === 0 || !options.flat().every((value) => HAS_TRIGRAM.test(value))) return undefined;
  return options.map(
    (values) =>
      sql<SqlBool>`(${sql.join(
        values.map((value) => contains(word, value)),
        sql` or `,
      )})`,
  );
}

/**
 * Relevance of a match for ordering: 3 when the whole term is in `name`, plus 1 for each word (or
 * a correction of it) in `name`. Cheap substring tests only, so ranking thousands of hits stays fast.
 */
export function termRelevance(search: PreparedSearch, name: Expression<string>): RawBuilder<number> {
  const has = (value: string) => sql`strpos(${name}, ${normalized(value)}) > 0`;
  const parts = [
    sql`(case when ${has(search.term)} then 3 else 0 end)`,
    ...search.words.map((word) => {
      const options = [word.text, ...word.corrections].map(has);
      return sql`(case when ${sql.join(options, sql` or `)} then 1 else 0 end)`;
    }),
  ];
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** The highest `termRelevance`: the whole term in the name (which holds each word too). */
export function maxRelevance(search: PreparedSearch): number {
  return 3 + search.words.length;
}

/** Terms of up to this many words narrow `relevanceAbove` to pairs of words (one arm per pair). */
const MAX_PAIRED_WORDS = 5;

/** A condition, and whether a trigram index on its column can answer it without a full scan. */
export interface IndexedCondition {
  condition: RawBuilder<SqlBool>;
  indexed: boolean;
}

/**
 * A condition every row whose `termRelevance` on `name` exceeds `floor` (0 or more) meets, in a
 * form the trigram index on `name` answers. The words alone score at most one each, so above
 * the number of words the whole term must be in the name; above 1, two of the words; else one.
 */
export function relevanceAbove(
  search: PreparedSearch,
  name: Expression<string>,
  floor: number,
): IndexedCondition {
  const any = (values: string[]): IndexedCondition => ({
    condition: sql<SqlBool>`(${sql.join(
      values.map((value) => contains(name, value)),
      sql` or `,
    )})`,
    indexed: values.every((value) => HAS_TRIGRAM.test(value)),
  });
  const { words } = search;
  if (floor >= words.length) return any([search.term]);
  const options = words.map((word) => any([word.text, ...word.corrections]));
  if (floor < 1 || words.length > MAX_PAIRED_WORDS)
    return any(words.flatMap((w) => [w.text, ...w.corrections]));
  const pairs: IndexedCondition[] = [];
  options.forEach((first, i) => {
    for (const second of options.slice(i + 1))
      pairs.push({
        condition: sql<SqlBool>`(${first.condition} and ${second.condition})`,
        indexed: first.indexed || second.indexed,
      });
  });
  return {
    condition: sql<SqlBool>`(${sql.join(
      pairs.map((pair) => pair.condition),
      sql` or `,
    )})`,
    indexed: pairs.every((pair) => pair.indexed),
  };
}
