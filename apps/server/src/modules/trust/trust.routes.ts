import { sellerBlocksEndpoints as endpoints, trustAdminEndpoints, trustMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { clearUnpaidStrikes, createSellerBlocksService } from './trust.service.ts';

/** A seller's blocked buyers. */
export async function sellerBlocksRoutes(app: FastifyInstance, ctx: AppContext) {
  const blocks = createSellerBlocksService(ctx);

  declareRoute(app, ctx, endpoints.block, {}, async (request) => ({
    message: trustMessages.blockedDone(await blocks.block(request.userId!, request.body.username)),
  }));
  declareRoute(app, ctx, endpoints.unblock, { bodyLimit: bodyLimits.none }, async (request) =>
    blocks.unblock(request.userId!, request.params.username),
  );
  declareRoute(app, ctx, endpoints.list, {}, async (request) =>
    blocks.list(request.userId!, request.query.page, request.query.size),
  );

  // Operators (the /api/admin/ guard checks the role).
  declareRoute(app, ctx, trustAdminEndpoints.clearStrikes, { bodyLimit: bodyLimits.none }, async (request) =>
    clearUnpaidStrikes(ctx, request.userId!, request.params.id),
  );
}
