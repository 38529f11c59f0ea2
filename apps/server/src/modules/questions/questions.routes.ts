import { questionsEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { limits, perAccount } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createQuestionsService } from './questions.service.ts';

/** Questions on a listing: asked by buyers, answered, hidden and blocked by the product's owner. */
export async function questionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const questions = createQuestionsService(ctx);
  const pathOnly = { bodyLimit: bodyLimits.none };

  // A few questions an hour per account, so nobody floods sellers' inboxes.
  declareRoute(app, ctx, endpoints.ask, { config: perAccount(limits.question) }, async (request, reply) =>
    reply.status(201).send(await questions.ask(request.userId!, request.body)),
  );

  declareRoute(app, ctx, endpoints.forProduct, {}, async (request) =>
    questions.listForProduct(
      request.params.productId,
      request.userId,
      request.query.page,
      request.query.size,
    ),
  );

  declareRoute(app, ctx, endpoints.seller, {}, async (request) =>
    questions.listForSeller(request.userId!, request.query.status, request.query.page, request.query.size),
  );

  declareRoute(app, ctx, endpoints.answer, {}, async (request) =>
    questions.answer(request.userId!, request.params.id, request.body),
  );

  declareRoute(app, ctx, endpoints.hide, pathOnly, async (request) =>
    questions.hide(request.userId!, request.params.id),
  );

  declareRoute(app, ctx, endpoints.block, {}, async (request) =>
    questions.block(request.userId!, request.body),
  );
}
