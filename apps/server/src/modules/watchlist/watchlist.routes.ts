import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { createWatchlistService } from './watchlist.service.ts';

const ProductParamsSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The user's watchlist ('Favoritos') and its ending-soon job. */
export async function watchlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const watchlist = createWatchlistService(ctx);
  const pathOnly = { onRequest: ctx.auth.requireUser, bodyLimit: bodyLimits.none };
  ctx.jobs.register({ name: 'watchlist.ending-soon', run: (now) => watchlist.warnEndingSoon(now) });

  app.get('/api/watchlist', { onRequest: ctx.auth.requireUser }, async (request) => {
    return watchlist.list(request.userId!);
  });

  app.post('/api/watchlist/:productId', pathOnly, async (request) => {
    const { productId } = parseInput(ProductParamsSchema, request.params);
    return watchlist.add(request.userId!, productId);
  });

  app.delete('/api/watchlist/:productId', pathOnly, async (request) => {
    const { productId } = parseInput(ProductParamsSchema, request.params);
    return watchlist.remove(request.userId!, productId);
  });
}
