import { databaseImageStore } from '../platform/images.ts';
import { toCentavos } from '../platform/money.ts';
import type { SeedImageOptions } from '../platform/seed-images.ts';
import { demoAttributes } from './product-attributes.data.ts';
import { type DemoProducts, sellerProducts, storeProducts } from './products.data.ts';
import type { SeedContext } from './seed-context.ts';
import { seedWorkOf } from './seed-work.ts';
import type { DemoUsers } from './users.seed.ts';

/** The demo products' photos after the cover, by what each one shows. */
const EXTRA_VIEWS = ['Vista trasera', 'Detalle', 'Empaque'];

const demoProducts = [...sellerProducts, ...storeProducts];

const coverOf = (p: (typeof demoProducts)[number]): SeedImageOptions => ({
  title: p.name,
  subtitle: `${p.brand} · ${p.year}`,
  colors: p.colors,
  badge: p.category,
});

// The other views are drawn once per category and stored for each product (seeding stays fast).
const viewOf = (view: string, category: string): SeedImageOptions => ({
  title: view,
  subtitle: category,
  colors: ['#37474f', '#90a4ae'],
  badge: 'Foto',
});

/** Every picture this step stores: each product's cover, then each category's other views. */
export function productPictures(): SeedImageOptions[] {
  const categories = [...new Set(demoProducts.map((p) => p.category))];
  return [
    ...demoProducts.map(coverOf),
    ...categories.flatMap((category) => EXTRA_VIEWS.map((view) => viewOf(view, category))),
  ];
}

export async function seedProducts(ctx: SeedContext, users: DemoUsers): Promise<DemoProducts> {
  const { db } = ctx;
  const work = seedWorkOf(ctx);
  const [brands, scales] = await Promise.all([
    db
      .selectFrom('brands as b')
      .innerJoin('categories as c', 'c.id', 'b.category_id')
      .select(['b.id', 'b.name', 'b.category_id', 'c.name as category_name'])
      .execute(),
    db.selectFrom('scales').select(['id', 'name']).execute(),
  ]);
  const all = [
    ...sellerProducts.map((p) => ({ ...p, ownerId: users.vendedor_demo })),
    ...storeProducts.map((p) => ({ ...p, ownerId: users.tienda_retro })),
  ];
  // Two to four photos a product (the cover and 1-3 more views), so the gallery shows from the
  // start.
  const [images, extraViews] = await Promise.all([
    Promise.all(all.map((p) => work.image(coverOf(p)))),
    Promise.all(
      all.map((p, index) =>
        Promise.all(
          EXTRA_VIEWS.slice(0, 1 + (index % EXTRA_VIEWS.length)).map((view) =>
            work.image(viewOf(view, p.category)),
          ),
        ),
      ),
    ),
  ]);

  const result: DemoProducts = {
    available: [],
    buyNow: [],
    auctionA: [],
    auctionB: [],
    upcoming: [],
    storeAuction: [],
    storeBuyNow: [],
  };
  const start = ctx.clock.now().getTime();
  const rows = all.map((p, index) => {
    const brand = brands.find((b) => b.name === p.brand && b.category_name === p.category);
    if (!brand) throw new Error(`seed: unknown brand ${p.brand} in ${p.category}`);
    const scaleId = p.scale ? scales.find((s) => s.name === p.scale)?.id : null;
    if (scaleId === undefined) throw new Error(`seed: unknown scale ${p.scale}`);
    // Older first, so "newest first" lists open with the last ones listed here.
    const at = new Date(start - (all.length - index) * 60_000);
    return { p, brand, scaleId, at };
  });
  // A few statements for the whole catalogue (each one a trip to the database): the pictures,
  // the products in the order listed (so their ids are too), then the other photos.
  await db.transaction().execute(async (trx) => {
    const imageIds = await databaseImageStore.saveAll(trx, [
      ...rows.map(({ at }, index) => ({ image: images[index]!, now: at })),
      ...rows.flatMap(({ at }, index) => extraViews[index]!.map((image) => ({ image, now: at }))),
    ]);
    const coverIds = imageIds.slice(0, rows.length);
    const viewIds = imageIds.slice(rows.length);
    const inserted = await trx
      .insertInto('products')
      .values(
        rows.map(({ p, brand, scaleId, at }, index) => ({
          owner_id: p.ownerId,
          name: p.name,
          description: p.description,
          tags: p.tags,
          year: p.year,
          image_id: coverIds[index]!,
          reserve_price: toCentavos(p.reserve),
          base_price: p.base === undefined ? null : toCentavos(p.base),
          can_be_bought: p.sell !== undefined,
          sell_price: p.sell === undefined ? null : toCentavos(p.sell),
          category_id: brand.category_id,
          brand_id: brand.id,
          scale_id: scaleId,
          condition: demoAttributes[p.name]?.condition ?? null,
          grading_company: demoAttributes[p.name]?.grading?.company ?? null,
          grading_grade: demoAttributes[p.name]?.grading?.grade ?? null,
          grading_certificate: demoAttributes[p.name]?.grading?.certificate ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'image_id'])
      .execute();
    // Matched by cover, not by position: the ids are the listed order's either way.
    const idByCover = new Map(inserted.map((r) => [r.image_id, r.id]));
    const productIds = coverIds.map((cover) => idByCover.get(cover)!);
    // The cover is the first photo by the products' insert trigger; the other views follow it.
    let next = 0;
    const photos = rows.flatMap(({ at }, index) =>
      extraViews[index]!.map((_, position) => ({
        image_id: viewIds[next++]!,
        product_id: productIds[index]!,
        position: position + 1,
        created_at: at,
      })),
    );
    await trx.insertInto('product_images').values(photos).execute();
    for (const [index, { p }] of rows.entries()) result[p.purpose].push(productIds[index]!);
  });
  return result;
}
