import { MaxBidInputSchema, PlaceBidInputSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { serveChannel } from '../../platform/live-channel.ts';
import { limits, perAccount, perAddress } from '../../platform/rate-limits.ts';
import { createBidsService } from './bids.service.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const RaceParamsSchema = z.object({ auctionId: id, productId: id });
const BidsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(100) });

export async function bidsRoutes(app: FastifyInstance, ctx: AppContext) {
  const bids = createBidsService(ctx);

  app.get(
    '/api/bids/get_bids_by_auction/:auctionId/:productId',
    { onRequest: ctx.auth.requireUser },
    async (request) => {
      const { auctionId, productId } = parseInput(RaceParamsSchema, request.params);
      const { limit } = parseInput(BidsQuerySchema, request.query);
      return bids.listForProduct(auctionId, productId, limit);
    },
  );

  app.post(
    '/api/bids/create-bid',
    {
      onRequest: ctx.auth.requireUser,
      bodyLimit: bodyLimits.small,
      config: perAccount(limits.bid),
    },
    async (request, reply) => {
      const input = parseInput(PlaceBidInputSchema, request.body);
      const bid = await bids.place(request.userId!, input);
      return reply.status(201).send(bid);
    },
  );

  // A bidder's private ceiling: only its owner reads it; the leader raises it without bidding.
  app.get('/api/bids/max/:auctionId/:productId', { onRequest: ctx.auth.requireUser }, async (request) => {
    const { auctionId, productId } = parseInput(RaceParamsSchema, request.params);
    return bids.ceilingOf(request.userId!, auctionId, productId);
  });

  app.put('/api/bids/max/:auctionId/:productId', { onRequest: ctx.auth.requireUser }, async (request) => {
    const { auctionId, productId } = parseInput(RaceParamsSchema, request.params);
    const { max_amount } = parseInput(MaxBidInputSchema, request.body);
    return bids.raiseCeiling(request.userId!, auctionId, productId, max_amount);
  });

  // The live channel (CONTRACT section 6): every accepted bid on the product, from any process.
  app.get(
    '/auctions/api/bids/ws/bids/:auctionId/:productId',
    { websocket: true, config: perAddress(limits.socketConnection) },
    (socket, request) => {
      const parsed = RaceParamsSchema.safeParse(request.params);
      if (!parsed.success) {
        socket.close(1008, 'invalid channel');
        return;
      }
      const { auctionId, productId } = parsed.data;
      serveChannel(socket, ctx.events, channels.productBids(auctionId, productId), {
        onError: (err) => request.log.warn({ err }, 'bid channel failed'),
      }).catch((err) => {
        request.log.warn({ err }, 'bid channel subscription failed');
        socket.close(1011, 'unavailable');
      });
    },
  );
}
