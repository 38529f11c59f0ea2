import type { Insertable } from 'kysely';
import type { Database } from '../../src/platform/db.ts';
import type { ProductsTable } from '../../src/platform/db-schema.ts';

/** Inserts a product (no image) for `ownerId`; money overrides are in centavos like the table. */
export async function insertProduct(
  db: Database,
  ownerId: number,
  overrides: Partial<Insertable<ProductsTable>> & { categoryName?: string } = {},
) {
  const { categoryName = 'Autos die-cast', ...values } = overrides;
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('name', '=', categoryName)
    .executeTakeFirstOrThrow();
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('category_id', '=', category.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const scale =
    categoryName === 'Autos die-cast'
      ? await db.selectFrom('scales').select('id').orderBy('id').executeTakeFirstOrThrow()
      : null;
  const now = new Date();
  return db
    .insertInto('products')
    .values({
      owner_id: ownerId,
      name: 'Producto de prueba',
      description: 'Descripción de prueba',
      year: 2020,
      reserve_price: 10_000_00,
      category_id: category.id,
      brand_id: brand.id,
      scale_id: scale?.id ?? null,
      created_at: now,
      updated_at: now,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
