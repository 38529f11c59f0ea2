import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { WatchlistChangeResponseSchema, WatchlistResponseSchema } from './watchlist.schemas.ts';

const ProductParamsSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const watchlistEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/watchlist',
    summary: "The user's followed products ('Favoritos') with their live auction state",
    tag: 'watchlist',
    auth: 'user',
    responses: { 200: WatchlistResponseSchema, 401: errorResponses[401] },
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/watchlist/:productId',
    summary: 'Follows a product',
    tag: 'watchlist',
    auth: 'user',
    params: ProductParamsSchema,
    errorCodes: ['PRODUCT_NOT_FOUND', 'PRODUCT_TAKEN_DOWN'],
    responses: { 200: WatchlistChangeResponseSchema, ...errorResponses },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/watchlist/:productId',
    summary: 'Stops following a product',
    tag: 'watchlist',
    auth: 'user',
    params: ProductParamsSchema,
    responses: { 200: WatchlistChangeResponseSchema, ...errorResponses },
  }),
};
