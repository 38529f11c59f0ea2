import type { Database } from '../../platform/db.ts';

/** Reference data: categories, brands per category, scales (migration T0002). */
export const referenceDataRepository = {
  listCategories(db: Database) {
    return db.selectFrom('categories').select(['id', 'name', 'icon']).orderBy('id').execute();
  },

  findCategory(db: Database, id: number) {
    return db.selectFrom('categories').select(['id', 'name', 'icon']).where('id', '=', id).executeTakeFirst();
  },

  findCategoryByName(db: Database, name: string) {
    return db.selectFrom('categories').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
  },

  listBrands(db: Database, categoryId: number) {
    return db
      .selectFrom('brands')
      .select(['id', 'name', 'category_id'])
      .where('category_id', '=', categoryId)
      .orderBy('name')
      .execute();
  },

  findBrand(db: Database, id: number) {
    return db
      .selectFrom('brands')
      .select(['id', 'name', 'category_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  listScales(db: Database) {
    return db.selectFrom('scales').select(['id', 'name']).orderBy('id').execute();
  },

  findScale(db: Database, id: number) {
    return db.selectFrom('scales').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  },
};
