import { catalogEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { pathId } from '../../platform/path-id.ts';
import { limits, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createSearchService } from '../search/search.service.ts';
import { createCatalogService } from './catalog.service.ts';
import { facetCountsRepository } from './facet-counts.repository.ts';

/**
 * GET /api/catalog/sold/{productId} (public): what similar products sold for in the last year.
 * GET /api/catalog/browse (public): what can be bought now, with filters, sorts and facets.
 * A term costs what a search costs, so the same per-address limit applies.
 */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const catalog = createCatalogService(ctx, { search: createSearchService(ctx) });
  // Returns 0 whatever it folded: folding never makes other jobs' work due.
  ctx.jobs.register({
    name: 'catalog.compact-facet-counts',
    run: async () => {
      await facetCountsRepository.fold(ctx.db);
      return 0;
    },
  });
  declareRoute(app, ctx, endpoints.browse, { config: perAddress(limits.search) }, async (request) =>
    catalog.browseCached(request.query),
  );
  declareRoute(app, ctx, endpoints.sold, {}, async (request) =>
    catalog.soldPrices(pathId(request.params.productId)),
  );
}
