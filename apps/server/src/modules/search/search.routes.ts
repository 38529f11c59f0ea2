import { SearchParamsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { limits, perAddress } from '../../platform/rate-limits.ts';
import { createSearchService } from './search.service.ts';

/** GET /api/auctions/search/{term}: users, products and auctions for the search page (public). */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const search = createSearchService(ctx);
  const limited = { config: perAddress(limits.search) };

  // A wildcard rather than ':term': Fastify's parametric segments stop at 100 characters (a longer
  // term would be a bare 404 instead of the length message), and an empty segment matches too.
  app.get('/api/auctions/search/*', limited, async (request) => {
    const { term } = parseInput(SearchParamsSchema, { term: (request.params as { '*': string })['*'] });
    return search.search(term);
  });
  app.get('/api/auctions/search', limited, async () => {
    parseInput(SearchParamsSchema, { term: '' });
  });
}
