import { watchlistEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createWatchlistService } from './watchlist.service.ts';

/** The user's watchlist ('Favoritos') and its ending-soon job. */
export async function watchlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const watchlist = createWatchlistService(ctx);
  const pathOnly = { bodyLimit: bodyLimits.none };
  ctx.jobs.register({ name: 'watchlist.ending-soon', run: (now) => watchlist.warnEndingSoon(now) });

  declareRoute(app, ctx, endpoints.list, {}, async (request) => watchlist.list(request.userId!));

  declareRoute(app, ctx, endpoints.add, pathOnly, async (request) =>
    watchlist.add(request.userId!, request.params.productId),
  );

  declareRoute(app, ctx, endpoints.remove, pathOnly, async (request) =>
    watchlist.remove(request.userId!, request.params.productId),
  );
}
