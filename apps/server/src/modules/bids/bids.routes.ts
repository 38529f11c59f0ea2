import {
  type BidsSubscribedMessage,
  bidsEndpoints as endpoints,
  liveChannels,
  RaceParamsSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { channels } from '../../platform/events.ts';
import { serveChannel } from '../../platform/live-channel.ts';
import { limits, perAccount, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { recheckProductPage } from '../auctions/auctions.service.ts';
import { recordClientAddress } from '../trust/client-addresses.service.ts';
import { createBidsService } from './bids.service.ts';
import { createCardPrices } from './card-prices.ts';

export async function bidsRoutes(app: FastifyInstance, ctx: AppContext) {
  const bids = createBidsService(ctx);

  declareRoute(app, ctx, endpoints.history, {}, async (request) => {
    const { auctionId, productId } = request.params;
    return bids.listForProduct(auctionId, productId, request.query.limit);
  });

  declareRoute(
    app,
    ctx,
    endpoints.place,
    { bodyLimit: bodyLimits.small, config: perAccount(limits.bid) },
    async (request, reply) => {
      const placed = await bids.place(request.userId!, request.body);
      await recordClientAddress(ctx, request.userId!, 'bid', request.ip);
      return reply.status(201).send(placed);
    },
  );

  // A bidder's private ceiling: only its owner reads it; the leader raises it without bidding.
  declareRoute(app, ctx, endpoints.ceiling, {}, async (request) =>
    bids.ceilingOf(request.userId!, request.params.auctionId, request.params.productId),
  );

  declareRoute(app, ctx, endpoints.raiseCeiling, {}, async (request) => {
    const { auctionId, productId } = request.params;
    return bids.raiseCeiling(request.userId!, auctionId, productId, request.body.max_amount);
  });

  // The live channel: every accepted bid on the product, from any process, after a first
  // `subscribed` message with the bid count read once the subscription is in force.
  app.get(
    liveChannels.productBids.path,
    { websocket: true, config: perAddress(limits.socketConnection) },
    (socket, request) => {
      const parsed = RaceParamsSchema.safeParse(request.params);
      if (!parsed.success) {
        socket.close(1008, 'invalid channel');
        return;
      }
      const { auctionId, productId } = parsed.data;
      serveChannel(socket, ctx.events, channels.productBids(auctionId, productId), {
        greeting: async () => {
          const bidCount = await bids.bidCount(auctionId, productId);
          recheckProductPage(ctx, productId);
          return { message: 'subscribed', bid_count: bidCount } satisfies BidsSubscribedMessage;
        },
        onError: (err) => request.log.warn({ err }, 'bid channel failed'),
      }).catch((err) => {
        request.log.warn({ err }, 'bid channel subscription failed');
        socket.close(1011, 'unavailable');
      });
    },
  );

  // Card prices for list pages: one socket per page, subscribed to the products in view.
  const cardPrices = createCardPrices(ctx);
  app.get(
    liveChannels.auctionCards.path,
    { websocket: true, config: perAddress(limits.socketConnection) },
    (socket, request) => {
      cardPrices.serve(socket, (err) => request.log.warn({ err }, 'card prices channel failed'));
    },
  );
}
