import { catalogueEndpoints as endpoints, productMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createCatalogueService } from './catalogue.service.ts';

const CATEGORY_ID = /^\d{1,9}$/;

// Reference data: browsers and proxies may keep it a few minutes.
const CACHE = 'public, max-age=300';

/** Public catalogue: GET /api/categories, /api/brands/{categoryId}, /api/scales. */
export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  const catalogue = createCatalogueService(ctx);

  declareRoute(app, ctx, endpoints.categories, {}, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return catalogue.listCategories();
  });

  declareRoute(app, ctx, endpoints.brands, {}, async (request, reply) => {
    const { categoryId } = request.params;
    if (!CATEGORY_ID.test(categoryId)) throw notFound('CATEGORY_NOT_FOUND', productMessages.categoryMissing);
    reply.header('cache-control', CACHE);
    return catalogue.listBrands(Number(categoryId));
  });

  declareRoute(app, ctx, endpoints.scales, {}, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return catalogue.listScales();
  });
}
