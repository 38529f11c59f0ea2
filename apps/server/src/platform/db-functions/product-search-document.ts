import type { DbFunction } from './db-function.ts';

/** The normalized search text of a product: its name, brand, category, tags and description. */
export const productSearchDocument: DbFunction = {
  name: 'product_search_document',
  definition: `
create or replace function product_search_document(p_name text, p_tags text, p_description text, p_brand_id integer, p_category_id integer) returns text language sql stable parallel safe as $$
        select search_normalize(concat_ws(' ', p_name,
          (select name from brands where id = p_brand_id),
          (select name from categories where id = p_category_id),
          p_tags, p_description))
      $$`,
  triggers: [],
};
