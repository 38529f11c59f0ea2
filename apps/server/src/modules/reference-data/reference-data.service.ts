import { type Brand, type Category, productMessages, requiresScale, type Scale } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { referenceDataRepository } from './reference-data.repository.ts';

export function createReferenceDataService(ctx: AppContext) {
  const { db } = ctx;
  // Reference data changes only through migrations: read once per process.
  let categories: Promise<Category[]> | undefined;
  let scales: Promise<Scale[]> | undefined;

  const loadCategories = () => {
    categories ??= referenceDataRepository.listCategories(db).catch((error) => {
      categories = undefined;
      throw error;
    });
    return categories;
  };

  return {
    listCategories(): Promise<Category[]> {
      return loadCategories();
    },

    /** Brands of a category; an unknown category is a 404. */
    async listBrands(categoryId: number): Promise<Brand[]> {
      const category = (await loadCategories()).find((c) => c.id === categoryId);
      if (!category) throw notFound('CATEGORY_NOT_FOUND', productMessages.categoryMissing);
      return referenceDataRepository.listBrands(db, categoryId);
    },

    listScales(): Promise<Scale[]> {
      scales ??= referenceDataRepository.listScales(db).catch((error) => {
        scales = undefined;
        throw error;
      });
      return scales;
    },

    /** Whether the category with this id asks for a scale ('Autos die-cast'). */
    async scaleRule(): Promise<(categoryId: number) => boolean> {
      const list = await loadCategories();
      return (categoryId) => requiresScale(list.find((c) => c.id === categoryId)?.name);
    },

    findCategory: (id: number) => referenceDataRepository.findCategory(db, id),
    findBrand: (id: number) => referenceDataRepository.findBrand(db, id),
    findScale: (id: number) => referenceDataRepository.findScale(db, id),
  };
}

export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
