import { z } from 'zod';
import { IdParamSchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  AuctionListQuerySchema,
  AuctionListResponseSchema,
  AuctionProductPageSchema,
  AuctionProductsResponseSchema,
  AuctionSummarySchema,
  UserTotalsSchema,
} from './auction.schemas.ts';
import { makeCreateAuctionSchema } from './auction-form.ts';

/**
 * The create rules as documented; the start-time rule is checked against the server clock
 * (`makeCreateAuctionSchema(clock)`), which the route passes in.
 */
export const CreateAuctionInputSchema = makeCreateAuctionSchema(new Date(0));

/** A seller's lists show up to 100 auctions a page unless asked otherwise. */
const SellerListQuerySchema = AuctionListQuerySchema.extend({
  size: AuctionListQuerySchema.shape.size.default(100),
});

const AuctionChangedSchema = AuctionSummarySchema.extend({ message: z.string() });

const activate = {
  path: '/api/auctions/:id/activate',
  summary: "Starts the seller's scheduled auction now",
  tag: 'auctions',
  auth: 'user',
  params: IdParamSchema,
  errorCodes: ['AUCTION_NOT_FOUND', 'FORBIDDEN', 'AUCTION_NOT_UPCOMING', 'SELLER_AWAY'],
  responses: { 200: AuctionChangedSchema, ...errorResponses },
} as const;

export const auctionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/list',
    summary: 'Active auctions, a page at a time (default page 1, size 8), optionally searched',
    tag: 'auctions',
    auth: 'none',
    query: AuctionListQuerySchema,
    responses: { 200: AuctionListResponseSchema, 400: errorResponses[400] },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/auctions/create',
    summary: 'Creates an auction from the seller’s products',
    tag: 'auctions',
    auth: 'user',
    body: CreateAuctionInputSchema,
    errorCodes: [
      'NOT_SELLER',
      'PRODUCTS_UNAVAILABLE',
      'PRODUCT_NOT_FOUND',
      'PRODUCT_RESERVED',
      'SELLER_AWAY',
    ],
    responses: { 201: AuctionChangedSchema, ...errorResponses },
  }),
  activate: defineEndpoint({ ...activate, method: 'GET', writes: true }),
  activatePost: defineEndpoint({ ...activate, method: 'POST' }),
  products: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/get_products_by_auction_id/:id',
    summary: 'An auction and its products with their races',
    tag: 'auctions',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['AUCTION_NOT_FOUND'],
    responses: {
      200: AuctionProductsResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  }),
  productPage: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/get_auction_product_by_id/:id',
    summary: 'The product auction page: the race, its auction, owner and bid history',
    tag: 'auctions',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['AUCTION_NOT_FOUND', 'PRODUCT_TAKEN_DOWN'],
    responses: {
      200: AuctionProductPageSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  }),
  own: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/get_seller_auctions',
    summary: "The seller's own auctions in every state",
    tag: 'auctions',
    auth: 'user',
    query: SellerListQuerySchema,
    responses: { 200: AuctionListResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  bySeller: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/get_auction_by_seller_id/:id',
    summary: "A seller's active auctions",
    tag: 'auctions',
    auth: 'none',
    params: IdParamSchema,
    query: SellerListQuerySchema,
    responses: { 200: AuctionListResponseSchema, 400: errorResponses[400], 404: errorResponses[404] },
  }),
  totals: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/get_totals',
    summary: "The caller's activity counters",
    tag: 'auctions',
    auth: 'user',
    responses: { 200: UserTotalsSchema, 401: errorResponses[401] },
  }),
};
