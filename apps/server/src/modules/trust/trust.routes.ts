import {
  sellerBlocksEndpoints as endpoints,
  sellerVacationEndpoints,
  trustAdminEndpoints,
  trustMessages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { pruneClientAddresses } from './client-addresses.service.ts';
import { createSignalsService } from './signals.service.ts';
import { clearUnpaidStrikes, createSellerBlocksService } from './trust.service.ts';
import { setVacation } from './vacation.service.ts';

/** A seller's blocked buyers and vacation; operators' strikes and shill signals; the addresses' pruning. */
export async function trustRoutes(app: FastifyInstance, ctx: AppContext) {
  const blocks = createSellerBlocksService(ctx);
  const signals = createSignalsService(ctx);
  ctx.jobs.register({
    name: 'trust.prune-client-addresses',
    run: (now) => pruneClientAddresses(ctx.db, now),
  });

  declareRoute(app, ctx, endpoints.block, {}, async (request) => ({
    message: trustMessages.blockedDone(await blocks.block(request.userId!, request.body.username)),
  }));
  declareRoute(app, ctx, endpoints.unblock, { bodyLimit: bodyLimits.none }, async (request) =>
    blocks.unblock(request.userId!, request.params.username),
  );
  declareRoute(app, ctx, endpoints.list, {}, async (request) =>
    blocks.list(request.userId!, request.query.page, request.query.size),
  );

  declareRoute(app, ctx, sellerVacationEndpoints.set, {}, async (request) =>
    setVacation(ctx, request.userId!, request.body),
  );

  // Operators (the /api/admin/ guard checks the role).
  declareRoute(app, ctx, trustAdminEndpoints.clearStrikes, { bodyLimit: bodyLimits.none }, async (request) =>
    clearUnpaidStrikes(ctx, request.userId!, request.params.id),
  );
  declareRoute(app, ctx, trustAdminEndpoints.signals, {}, async (request) =>
    signals.list(request.query.page, request.query.size),
  );
  declareRoute(app, ctx, trustAdminEndpoints.confirmSignal, {}, async (request) =>
    signals.confirm(request.userId!, request.body.seller_username, request.body.bidder_username),
  );
}
