import { databaseImageStore } from '../platform/images.ts';
import { toCentavos } from '../platform/money.ts';
import { renderSeedImage } from '../platform/seed-images.ts';
import { demoAttributes } from './product-attributes.data.ts';
import { type DemoProducts, sellerProducts, storeProducts } from './products.data.ts';
import type { SeedContext } from './seed-context.ts';
import type { DemoUsers } from './users.seed.ts';

/** The demo products' photos after the cover, by what each one shows. */
const EXTRA_VIEWS = ['Vista trasera', 'Detalle', 'Empaque'];

export async function seedProducts(ctx: SeedContext, users: DemoUsers): Promise<DemoProducts> {
  const { db } = ctx;
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
  const images = await Promise.all(
    all.map((p) =>
      renderSeedImage({
        title: p.name,
        subtitle: `${p.brand} · ${p.year}`,
        colors: p.colors,
        badge: p.category,
      }),
    ),
  );
  // Two to four photos a product (the cover and 1-3 more views), so the gallery shows from the
  // start. The other views are drawn once per category and stored for each product (seeding stays fast).
  const categories = [...new Set(all.map((p) => p.category))];
  const viewsByCategory = new Map(
    await Promise.all(
      categories.map(
        async (category) =>
          [
            category,
            await Promise.all(
              EXTRA_VIEWS.map((view) =>
                renderSeedImage({
                  title: view,
                  subtitle: category,
                  colors: ['#37474f', '#90a4ae'],
                  badge: 'Foto',
                }),
              ),
            ),
          ] as const,
      ),
    ),
  );
  const extraViews = all.map((p, index) =>
    viewsByCategory.get(p.category)!.slice(0, 1 + (index % EXTRA_VIEWS.length)),
  );

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
  await db.transaction().execute(async (trx) => {
    for (const [index, p] of all.entries()) {
      const brand = brands.find((b) => b.name === p.brand && b.category_name === p.category);
      if (!brand) throw new Error(`seed: unknown brand ${p.brand} in ${p.category}`);
      const scaleId = p.scale ? scales.find((s) => s.name === p.scale)?.id : null;
      if (scaleId === undefined) throw new Error(`seed: unknown scale ${p.scale}`);
      // Older first, so "newest first" lists open with the last ones listed here.
      const at = new Date(start - (all.length - index) * 60_000);
      const imageId = await databaseImageStore.save(trx, images[index]!, at);
      const row = await trx
        .insertInto('products')
        .values({
          owner_id: p.ownerId,
          name: p.name,
          description: p.description,
          tags: p.tags,
          year: p.year,
          image_id: imageId,
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The cover is the first photo by the products' insert trigger; the other views follow it.
      for (const [position, view] of extraViews[index]!.entries()) {
        const viewId = await databaseImageStore.save(trx, view, at);
        await trx
          .insertInto('product_images')
          .values({ image_id: viewId, product_id: row.id, position: position + 1, created_at: at })
          .execute();
      }
      result[p.purpose].push(row.id);
    }
  });
  return result;
}
