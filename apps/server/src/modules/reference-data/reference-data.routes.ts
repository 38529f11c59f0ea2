import { referenceDataEndpoints as endpoints, productMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createReferenceDataService } from './reference-data.service.ts';

const CATEGORY_ID = /^\d{1,9}$/;

// Reference data: browsers and proxies may keep it a few minutes.
const CACHE = 'public, max-age=300';

/** Reference data (public): GET /api/categories, /api/brands/{categoryId}, /api/scales. */
export async function referenceDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const referenceData = createReferenceDataService(ctx);

  declareRoute(app, ctx, endpoints.categories, {}, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return referenceData.listCategories();
  });

  declareRoute(app, ctx, endpoints.brands, {}, async (request, reply) => {
    const { categoryId } = request.params;
    if (!CATEGORY_ID.test(categoryId)) throw notFound('CATEGORY_NOT_FOUND', productMessages.categoryMissing);
    reply.header('cache-control', CACHE);
    return referenceData.listBrands(Number(categoryId));
  });

  declareRoute(app, ctx, endpoints.scales, {}, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return referenceData.listScales();
  });
}
