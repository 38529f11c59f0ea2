import { savedSearchesEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import { createSearchService } from '../search/search.service.ts';
import { createSavedSearchMatchJob } from './saved-searches.jobs.ts';
import { createSavedSearchesService } from './saved-searches.service.ts';

/** A user's saved Explorar views, and the job that tells them of new results. */
export async function savedSearchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const savedSearches = createSavedSearchesService(ctx);
  const catalog = createCatalogService(ctx, { search: createSearchService(ctx) });
  ctx.jobs.register(createSavedSearchMatchJob(ctx, { catalog }));

  declareRoute(app, ctx, endpoints.create, {}, async (request, reply) =>
    reply.status(201).send(await savedSearches.create(request.userId!, request.body)),
  );

  declareRoute(app, ctx, endpoints.list, {}, async (request) => savedSearches.list(request.userId!));

  declareRoute(app, ctx, endpoints.remove, { bodyLimit: bodyLimits.none }, async (request) =>
    savedSearches.remove(request.userId!, request.params.id),
  );
}
