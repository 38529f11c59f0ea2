import type { DbFunction } from './db-function.ts';

/**
 * A browse row listed, removed, given another search text or moved to another (kind, category,
 * brand, scale, condition, price band): its words in `catalog_listing_words` follow, and new words
 * join the lexicon `catalog_words`. A key change alone (a bid that moves the price band) updates
 * the rows in place; a bid that keeps the band fires nothing (the trigger's `when`).
 */
export const catalogListingWordsFromListing: DbFunction = {
  name: 'catalog_listing_words_from_listing',
  definition: `
create or replace function catalog_listing_words_from_listing() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.search_text is not distinct from new.search_text then
        -- The same words under another key (a bid that moved the price band, say).
        update catalog_listing_words w
           set kind = new.kind, category_id = new.category_id, brand_id = new.brand_id,
               scale_id = new.scale_id, condition = new.condition, price_band = new.price_band
         where w.word = any(catalog_words_of(new.search_text)) and w.product_id = new.product_id;
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        delete from catalog_listing_words w
         where w.word = any(catalog_words_of(old.search_text)) and w.product_id = old.product_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        -- In the words' order, so two transactions adding the same new words never wait on each
        -- other in opposite orders.
        insert into catalog_words (word)
          select w from unnest(catalog_words_of(new.search_text)) w where w <> '' order by w
          on conflict (word) do nothing;
        insert into catalog_listing_words (word, product_id, kind, category_id, brand_id, scale_id, condition, price_band)
          select w, new.product_id, new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band
            from unnest(catalog_words_of(new.search_text)) w;
      end if;
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'catalog_listing',
      name: 'catalog_listing_words',
      timing: 'after',
      events: ['insert', 'delete'],
      level: 'row',
    },
    {
      table: 'catalog_listing',
      name: 'catalog_listing_words_change',
      timing: 'after',
      events: ['update'],
      columns: ['search_text', 'kind', 'category_id', 'brand_id', 'scale_id', 'condition', 'price'],
      level: 'row',
      when: '(old.search_text, old.kind, old.category_id, old.brand_id, old.scale_id, old.condition, old.price_band) is distinct from (new.search_text, new.kind, new.category_id, new.brand_id, new.scale_id, new.condition, new.price_band)',
    },
  ],
};
