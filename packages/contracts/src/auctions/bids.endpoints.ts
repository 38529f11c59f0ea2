import { z } from 'zod';
import { idParam } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  MaxBidInputSchema,
  MaxBidResponseSchema,
  PlaceBidInputSchema,
  PlaceBidResponseSchema,
} from './auction.schemas.ts';
import { BidSchema } from './live-bids.schemas.ts';

/** One product's race inside one auction. */
export const RaceParamsSchema = z.object({ auctionId: idParam(), productId: idParam() });

export const BidsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const bidsEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/api/bids/get_bids_by_auction/:auctionId/:productId',
    summary: "A product's bids, newest first",
    tag: 'bids',
    auth: 'user',
    params: RaceParamsSchema,
    query: BidsQuerySchema,
    errorCodes: ['AUCTION_NOT_FOUND', 'PRODUCT_NOT_IN_AUCTION'],
    responses: {
      200: z.array(BidSchema),
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  }),
  place: defineEndpoint({
    method: 'POST',
    path: '/api/bids/create-bid',
    summary: 'Places a bid (optionally with a private maximum the server bids up to)',
    tag: 'bids',
    auth: 'user',
    body: PlaceBidInputSchema,
    responses: { 201: PlaceBidResponseSchema, ...errorResponses },
    errorCodes: [
      'BID_INVALID_AMOUNT',
      'BID_INVALID_MAX',
      'BID_MAX_BELOW_AMOUNT',
      'BID_REJECTED',
      'OWN_PRODUCT',
      'AUCTION_ENDED',
      'AUCTION_NOT_ACTIVE',
      'AUCTION_NOT_FOUND',
      'PRODUCT_NOT_IN_AUCTION',
      'BUYER_BLOCKED',
      'BUYER_STRUCK_OUT',
    ],
    idempotent: true,
  }),
  ceiling: defineEndpoint({
    method: 'GET',
    path: '/api/bids/max/:auctionId/:productId',
    summary: "The caller's own maximum on a product (nobody else's is readable)",
    tag: 'bids',
    auth: 'user',
    params: RaceParamsSchema,
    errorCodes: ['AUCTION_NOT_FOUND', 'PRODUCT_NOT_IN_AUCTION'],
    responses: { 200: MaxBidResponseSchema, ...errorResponses },
  }),
  raiseCeiling: defineEndpoint({
    method: 'PUT',
    path: '/api/bids/max/:auctionId/:productId',
    summary: 'Sets or raises the caller’s maximum without placing a bid',
    tag: 'bids',
    auth: 'user',
    params: RaceParamsSchema,
    body: MaxBidInputSchema,
    responses: { 200: MaxBidResponseSchema, ...errorResponses },
    errorCodes: [
      'BID_INVALID_MAX',
      'BID_MAX_TOO_LOW',
      'NOT_LEADING',
      'AUCTION_ENDED',
      'AUCTION_NOT_ACTIVE',
      'AUCTION_NOT_FOUND',
      'PRODUCT_NOT_IN_AUCTION',
      'BUYER_STRUCK_OUT',
      'OWN_PRODUCT',
    ],
    idempotent: true,
  }),
};
