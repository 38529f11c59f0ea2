import { offersEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createOffersService } from './offers.service.ts';

/** Offers on buy-now products, both sides, and the job that expires unanswered ones. */
export async function offersRoutes(app: FastifyInstance, ctx: AppContext) {
  const offers = createOffersService(ctx);
  const pathOnly = { bodyLimit: bodyLimits.none };
  ctx.jobs.register({ name: 'offers.expire', run: (now) => offers.expireOverdue(now) });

  declareRoute(app, ctx, endpoints.create, {}, async (request, reply) =>
    reply.status(201).send(await offers.create(request.userId!, request.body)),
  );

  declareRoute(app, ctx, endpoints.mine, {}, async (request) =>
    offers.listMine(request.userId!, request.query.role, request.query.page, request.query.size),
  );

  declareRoute(app, ctx, endpoints.accept, pathOnly, async (request) =>
    offers.accept(request.userId!, request.params.id),
  );

  declareRoute(app, ctx, endpoints.decline, pathOnly, async (request) =>
    offers.decline(request.userId!, request.params.id),
  );

  declareRoute(app, ctx, endpoints.counter, {}, async (request) =>
    offers.counter(request.userId!, request.params.id, request.body),
  );
}
