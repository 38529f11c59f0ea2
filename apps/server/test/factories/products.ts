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

export interface ReferenceIds {
  category: Record<string, number>;
  /** Brand id by name (brand names are unique across categories in the reference data). */
  brand: Record<string, number>;
  scale: Record<string, number>;
}

/** Ids of the reference data by name, for request payloads. */
export async function referenceIds(db: Database): Promise<ReferenceIds> {
  const [categories, brands, scales] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).execute(),
    db.selectFrom('brands').select(['id', 'name']).execute(),
    db.selectFrom('scales').select(['id', 'name']).execute(),
  ]);
  const byName = (rows: Array<{ id: number; name: string }>) =>
    Object.fromEntries(rows.map((r) => [r.name, r.id]));
  return { category: byName(categories), brand: byName(brands), scale: byName(scales) };
}

/** A valid POST /api/products/create body (a die-cast car with a scale) with overrides. */
export function createProductPayload(
  ids: ReferenceIds,
  image: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    name: 'Hot Wheels Nissan Skyline GT-R R34',
    year: 2021,
    description: 'Premium Car Culture, blíster intacto.',
    tags: 'jdm, nissan, premium',
    category_id: ids.category['Autos die-cast'],
    brand_id: ids.brand['Hot Wheels'],
    scale_id: ids.scale['1:64'],
    reserve_price: 40000,
    base_price: null,
    can_be_bought: false,
    sell_price: null,
    image,
    ...overrides,
  };
}
