import { type Kysely, sql } from 'kysely';

/**
 * A product's photos, in order (1 to 10; the first is the cover). `products.image_id` stays the
 * cover, kept in step by the products service, so every read that shows a product's picture
 * (lists, cards, search, browse, purchases, sales, mail, link previews) reads one column as
 * before and no hot read gains a join; only the product pages read this table.
 *
 * A photo's id is its image's id (an image belongs to one product). Positions are ordered, not
 * dense: a removal leaves a gap, a reorder rewrites them 0..n-1. Changes are serialised by the
 * product's row lock, so no unique index on the position is needed to keep two photos apart.
 *
 * A product inserted with an image (any writer: the create call, the seed, a test's factory)
 * gets that image as its first photo by a trigger, so the two never disagree from the start.
 * Existing products get theirs here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_images (
      image_id uuid primary key references images(id),
      product_id integer not null references products(id) on delete cascade,
      position integer not null,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index product_images_product_idx on product_images (product_id, position)`.execute(db);
  await sql`
    insert into product_images (image_id, product_id, position, created_at)
    select distinct on (image_id) image_id, id, 0, created_at from products
    where image_id is not null order by image_id, id
  `.execute(db);
  await sql`
    create function product_first_photo() returns trigger language plpgsql as $$
    begin
      insert into product_images (image_id, product_id, position, created_at)
      values (new.image_id, new.id, 0, new.created_at)
      on conflict (image_id) do nothing;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger products_first_photo after insert on products
    for each row when (new.image_id is not null) execute function product_first_photo()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_first_photo on products`.execute(db);
  await sql`drop function product_first_photo()`.execute(db);
  await sql`drop table product_images`.execute(db);
}
