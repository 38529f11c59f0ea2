import type { DbFunction } from './db-function.ts';

/** A product created with an image: that image is its first photo (`product_images`, position 0). */
export const productFirstPhoto: DbFunction = {
  name: 'product_first_photo',
  definition: `
create or replace function product_first_photo() returns trigger language plpgsql as $$
    begin
      insert into product_images (image_id, product_id, position, created_at)
      values (new.image_id, new.id, 0, new.created_at)
      on conflict (image_id) do nothing;
      return null;
    end
    $$`,
  triggers: [
    {
      table: 'products',
      name: 'products_first_photo',
      timing: 'after',
      events: ['insert'],
      level: 'row',
      when: 'new.image_id is not null',
    },
  ],
};
