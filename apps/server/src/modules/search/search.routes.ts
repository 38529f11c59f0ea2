import { searchEndpoints as endpoints, SearchParamsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { limits, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createSearchService } from './search.service.ts';

/** GET /api/auctions/search/{term}: users, products and auctions for the search page (public). */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const search = createSearchService(ctx);
  const limited = { config: perAddress(limits.search) };

  declareRoute(app, ctx, endpoints.search, limited, async (request) => {
    const { term } = parseInput(SearchParamsSchema, { term: request.params['*'] });
    return search.search(term);
  });

  // No term at all: the message a blank term gets (parseInput throws it).
  declareRoute(app, ctx, endpoints.emptySearch, limited, async () => {
    parseInput(SearchParamsSchema, { term: '' });
    throw new Error('a blank search term passed validation');
  });
}
