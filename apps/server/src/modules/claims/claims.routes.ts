import { adminClaimsEndpoints, claimMessages, claimsEndpoints as endpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createClaimsService } from './claims.service.ts';

/** Buyer claims, the console's claims (under /api/admin: the operator check covers them) and the payout release job. */
export async function claimsRoutes(app: FastifyInstance, ctx: AppContext) {
  const claims = createClaimsService(ctx);

  declareRoute(app, ctx, endpoints.open, {}, async (request, reply) =>
    reply.status(201).send(await claims.open(request.userId!, request.body)),
  );
  declareRoute(app, ctx, endpoints.mine, {}, async (request) =>
    claims.mine(request.userId!, request.query.page, request.query.size),
  );
  declareRoute(app, ctx, endpoints.get, {}, async (request) =>
    claims.get(request.userId!, request.params.id),
  );
  declareRoute(app, ctx, endpoints.context, {}, async (request) =>
    claims.context(request.userId!, request.params.id),
  );
  declareRoute(app, ctx, endpoints.message, {}, async (request, reply) =>
    reply.status(201).send({
      message: claimMessages.messageSent,
      claim: await claims.addMessage(request.userId!, request.params.id, request.body.text),
    }),
  );
  declareRoute(app, ctx, endpoints.refund, {}, async (request) => ({
    message: claimMessages.refunded,
    claim: await claims.refundBySeller(request.userId!, request.params.id),
  }));
  declareRoute(app, ctx, endpoints.escalate, {}, async (request) => ({
    message: claimMessages.escalated,
    claim: await claims.escalate(request.userId!, request.params.id),
  }));

  declareRoute(app, ctx, adminClaimsEndpoints.list, {}, async (request) => {
    const { status, page, size } = request.query;
    return claims.listForOperators(status, page, size);
  });
  declareRoute(app, ctx, adminClaimsEndpoints.resolve, {}, async (request) => ({
    message: claimMessages.resolved,
    claim: await claims.resolve(request.userId!, request.params.id, request.body.outcome, request.body.note),
  }));

  ctx.jobs.register({ name: 'claims.release-payouts', run: (now) => claims.releaseDuePayouts(now) });
}
