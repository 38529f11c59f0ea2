import { ratingsEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createRatingsService } from './ratings.service.ts';

/** Seller ratings: buyers rate delivered purchases; anyone reads a seller's ratings. */
export async function ratingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const ratings = createRatingsService(ctx);

  declareRoute(app, ctx, endpoints.create, {}, async (request, reply) =>
    reply.status(201).send(await ratings.create(request.userId!, request.body)),
  );

  declareRoute(app, ctx, endpoints.forSeller, {}, async (request) => {
    const { page, size } = request.query;
    return ratings.listForSeller(request.params.username, page, size);
  });
}
