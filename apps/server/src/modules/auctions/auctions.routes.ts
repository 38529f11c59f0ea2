import { auctionMessages, auctionsEndpoints as endpoints, makeCreateAuctionSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';
import { JSON_CONTENT_TYPE } from '../../platform/timed-json.ts';
import { type AuctionsService, createAuctionsService, registerAuctionJobs } from './auctions.service.ts';

/** Every auctions call; also registers the life-cycle jobs. */
export async function auctionsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  auctions: AuctionsService = createAuctionsService(ctx),
) {
  const { clock } = ctx;
  registerAuctionJobs(ctx, auctions);

  // A plain page comes from memory already encoded; a search is encoded by the route as usual.
  declareRoute(app, ctx, endpoints.list, {}, async (request, reply) => {
    const answer = await auctions.listActiveAnswer(request.query);
    return typeof answer === 'string' ? reply.type(JSON_CONTENT_TYPE).send(answer) : answer;
  });

  // Start times are judged by the server clock (the test clock moves it).
  const createRules = { body: makeCreateAuctionSchema(() => clock.now()) };
  declareRoute(app, ctx, endpoints.create, createRules, async (request, reply) => {
    const auction = await auctions.create(request.userId!, request.body);
    return reply.status(201).send({ ...auction, message: auctionMessages.created });
  });

  for (const endpoint of [endpoints.activate, endpoints.activatePost]) {
    declareRoute(app, ctx, endpoint, {}, async (request) => {
      const auction = await auctions.activate(request.userId!, request.params.id);
      return { ...auction, message: auctionMessages.activated };
    });
  }

  declareRoute(app, ctx, endpoints.products, {}, async (request) =>
    auctions.productsOfAuction(request.params.id),
  );

  // Like the list: a page kept in memory comes already encoded.
  declareRoute(app, ctx, endpoints.productPage, {}, async (request, reply) => {
    const answer = await auctions.productPage(request.params.id, request.userId!);
    return typeof answer === 'string' ? reply.type(JSON_CONTENT_TYPE).send(answer) : answer;
  });

  declareRoute(app, ctx, endpoints.own, {}, async (request) =>
    auctions.listOwn(request.userId!, request.query),
  );

  declareRoute(app, ctx, endpoints.bySeller, {}, async (request) =>
    auctions.listBySeller(request.params.id, request.query),
  );

  declareRoute(app, ctx, endpoints.totals, {}, async (request) => auctions.totals(request.userId!));
}
