import { productMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { createCatalogueService } from './catalogue.service.ts';

const CategoryParamSchema = z.object({
  categoryId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
// Reference data: browsers and proxies may keep it a few minutes.
const CACHE = 'public, max-age=300';

/** Public catalogue: GET /api/categories, /api/brands/{categoryId}, /api/scales (spec 2 section 7). */
export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  const catalogue = createCatalogueService(ctx);
  app.get('/api/categories', async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return catalogue.listCategories();
  });

  app.get('/api/brands/:categoryId', async (request, reply) => {
    const parsed = CategoryParamSchema.safeParse(request.params);
    if (!parsed.success) throw notFound('CATEGORY_NOT_FOUND', productMessages.categoryMissing);
    reply.header('cache-control', CACHE);
    return catalogue.listBrands(parsed.data.categoryId);
  });

  app.get('/api/scales', async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return catalogue.listScales();
  });
}
