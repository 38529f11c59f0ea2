import { type Brand, type Category, productMessages, requiresScale, type Scale } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { catalogueRepository } from './catalogue.repository.ts';

export function createCatalogueService(ctx: AppContext) {
  const { db } = ctx;
  // Reference data changes only through migrations: read once per process.
  let categories: Promise<Category[]> | undefined;
  let scales: Promise<Scale[]> | undefined;

  const loadCategories = () => {
    categories ??= catalogueRepository.listCategories(db).catch((error) => {
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
      return catalogueRepository.listBrands(db, categoryId);
    },

    listScales(): Promise<Scale[]> {
      scales ??= catalogueRepository.listScales(db).catch((error) => {
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

    findCategory: (id: number) => catalogueRepository.findCategory(db, id),
    findBrand: (id: number) => catalogueRepository.findBrand(db, id),
    findScale: (id: number) => catalogueRepository.findScale(db, id),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
