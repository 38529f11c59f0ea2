import {
  AuctionListQuerySchema,
  auctionMessages,
  IdParamSchema,
  makeCreateAuctionSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { type AuctionsService, createAuctionsService, registerAuctionJobs } from './auctions.service.ts';

/** Every auctions call of spec 1 section 7; also registers the life-cycle jobs. */
export async function auctionsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  auctions: AuctionsService = createAuctionsService(ctx),
) {
  const { auth, clock } = ctx;
  registerAuctionJobs(ctx, auctions);

  app.get('/api/auctions/list', async (request) => {
    return auctions.listActive(parseInput(AuctionListQuerySchema, request.query));
  });

  app.post('/api/auctions/create', { onRequest: auth.requireUser }, async (request, reply) => {
    const input = parseInput(makeCreateAuctionSchema(clock.now()), request.body);
    const auction = await auctions.create(request.userId!, input);
    return reply.status(201).send({ ...auction, message: auctionMessages.created });
  });

  const activate = async (request: { params: unknown; userId: number | null }) => {
    const { id } = parseInput(IdParamSchema, request.params);
    const auction = await auctions.activate(request.userId!, id);
    return { ...auction, message: auctionMessages.activated };
  };
  app.get('/api/auctions/:id/activate', { onRequest: auth.requireUser }, activate);
  app.post('/api/auctions/:id/activate', { onRequest: auth.requireUser }, activate);

  app.get(
    '/api/auctions/get_products_by_auction_id/:id',
    { onRequest: auth.requireUser },
    async (request) => {
      const { id } = parseInput(IdParamSchema, request.params);
      return auctions.productsOfAuction(id);
    },
  );

  app.get('/api/auctions/get_auction_product_by_id/:id', { onRequest: auth.requireUser }, async (request) => {
    const { id } = parseInput(IdParamSchema, request.params);
    return auctions.productPage(id);
  });

  app.get('/api/auctions/get_seller_auctions', { onRequest: auth.requireUser }, async (request) => {
    const query = parseInput(AuctionListQuerySchema, {
      size: 100,
      ...(request.query as object),
    });
    return auctions.listOwn(request.userId!, query);
  });

  app.get('/api/auctions/get_auction_by_seller_id/:id', async (request) => {
    const { id } = parseInput(IdParamSchema, request.params);
    const query = parseInput(AuctionListQuerySchema, { size: 100, ...(request.query as object) });
    return auctions.listBySeller(id, query);
  });

  app.get('/api/auctions/get_totals', { onRequest: auth.requireUser }, async (request) => {
    return auctions.totals(request.userId!);
  });
}
