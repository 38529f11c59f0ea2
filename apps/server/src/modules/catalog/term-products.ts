import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/**
 * The listed products a term finds, read from the index of `catalog_listing_words` (one entry
 * per word of each listed product, with its facet keys) instead of from each match's listing row.
 *
 * A typed word is found in a text exactly when one of the text's words contains it; the listed
 * words that contain it are looked up first in the lexicon `catalog_words` (a few thousand words
 * under a trigram index), so the products are then read by equality on the index. Each product is
 * produced once without a hash of all of them: a product found by a word's second listed word is
 * skipped when it holds its first too, and the term's other typed words are checked on each
 * product of the one with the fewest listed words.
 */

/** Past this many listed words for its rarest typed word, a term is tested on each listed row. */
const MAX_LISTED_WORDS = 16;

/** For each condition (one per typed word, on `w.word`), the listed words it holds for. */
export async function listedWordsFor(db: Database, conditions: RawBuilder<SqlBool>[]): Promise<string[][]> {
  const columns = conditions.map(
    (condition, i) =>
      sql`array(select w.word from catalog_words w where ${condition} order by w.word) as ${sql.ref(`w${i}`)}`,
  );
  const { rows } = await sql<Record<string, string[]>>`select ${sql.join(columns)}`.execute(db);
  return conditions.map((_, i) => rows[0]![`w${i}`] ?? []);
}

/** Whether the term's products are better read through their words (see MAX_LISTED_WORDS). */
export function readableByWords(words: string[][]): boolean {
  return Math.min(...words.map((w) => w.length)) <= MAX_LISTED_WORDS;
}

const holdsOneOf = (product: RawBuilder<unknown>, words: string[]) =>
  sql<SqlBool>`exists (select 1 from catalog_listing_words q
    where q.word = any(${words}::text[]) and q.product_id = ${product})`;

/**
 * The products with their keys (product_id, kind, category_id, brand_id, scale_id, condition,
 * price_band), each once: those holding, for every typed word, one of its listed `words`; and the
 * rows marked as holding a word too long to be listed ('') that `matches` (the term on the whole
 * text, `l.search_text`) finds and the words did not.
 */
export function termProducts(words: string[][], matches: RawBuilder<SqlBool>): RawBuilder<unknown> {
  const rarest = words.reduce((best, w, i) => (w.length < words[best]!.length ? i : best), 0);
  const others = words.filter((_, i) => i !== rarest);
  const byWords = words[rarest]!.map((word, i) => {
    const checks = [
      ...(i > 0 ? [sql<SqlBool>`not ${holdsOneOf(sql`p.product_id`, words[rarest]!.slice(0, i))}`] : []),
      ...others.map((w) => holdsOneOf(sql`p.product_id`, w)),
    ];
    const kept = checks.length > 0 ? sql` where ${sql.join(checks, sql` and `)}` : sql``;
    return sql`select p.product_id, p.kind, p.category_id, p.brand_id, p.scale_id, p.condition, p.price_band
      from catalog_word_products(${word}::text) p${kept}`;
  });
  const foundByWords = sql.join(
    words.map((w) => holdsOneOf(sql`t.product_id`, w)),
    sql` and `,
  );
  const marked = sql`select l.product_id, l.kind, l.category_id, l.brand_id, l.scale_id, l.condition, l.price_band
      from catalog_listing_words t
      cross join lateral (
        -- Kept a subquery (offset 0): row by row from the few marked rows, never the term's
        -- matches in the listing first.
        select l.* from catalog_listing l where l.product_id = t.product_id and ${matches} offset 0
      ) l
     where t.word = '' and not (${foundByWords})`;
  return sql.join([...byWords, marked], sql` union all `);
}
