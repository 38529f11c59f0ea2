import type { DbFunction } from './db-function.ts';

/**
 * The listed products holding one word, with their facet keys, read from the index of
 * `catalog_listing_words` alone. The planner of the embedded database's version prefers a
 * bitmap scan of the table here, which reads a page per product (a word's rows are spread over
 * the table as the products were listed): about four times slower than the index-only scan it
 * is kept to by the `set` clause, which holds only while the function runs.
 */
export const catalogWordProducts: DbFunction = {
  name: 'catalog_word_products',
  definition: `
create or replace function catalog_word_products(listed_word text)
      returns table (product_id integer, kind text, category_id integer, brand_id integer,
                     scale_id integer, condition text, price_band integer)
      language sql stable set enable_bitmapscan = off
    as $$
      select w.product_id, w.kind, w.category_id, w.brand_id, w.scale_id, w.condition, w.price_band
        from catalog_listing_words w where w.word = listed_word
    $$`,
  triggers: [],
};
