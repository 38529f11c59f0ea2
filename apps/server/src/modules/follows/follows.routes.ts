import { followsEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createFollowsService } from './follows.service.ts';

/** Following sellers: the user's list, and following or unfollowing one by username. */
export async function followsRoutes(app: FastifyInstance, ctx: AppContext) {
  const follows = createFollowsService(ctx);
  const pathOnly = { bodyLimit: bodyLimits.none };

  declareRoute(app, ctx, endpoints.list, {}, async (request) => follows.list(request.userId!, request.query));

  declareRoute(app, ctx, endpoints.state, {}, async (request) =>
    follows.state(request.userId!, request.params.username),
  );

  declareRoute(app, ctx, endpoints.follow, pathOnly, async (request) =>
    follows.follow(request.userId!, request.params.username),
  );

  declareRoute(app, ctx, endpoints.unfollow, pathOnly, async (request) =>
    follows.unfollow(request.userId!, request.params.username),
  );
}
