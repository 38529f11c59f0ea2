import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { BrowseQuerySchema, BrowseResponseSchema, SoldPricesResponseSchema } from './catalog.schemas.ts';

export const catalogEndpoints = {
  browse: defineEndpoint({
    method: 'GET',
    path: '/api/catalog/browse',
    summary: 'What can be bought now (running auctions and buy-now), filtered, sorted, with facet counts',
    tag: 'catalog',
    auth: 'none',
    query: BrowseQuerySchema,
    errorCodes: ['BROWSE_CURSOR_INVALID'],
    responses: { 200: BrowseResponseSchema, 400: errorResponses[400] },
  }),
  sold: defineEndpoint({
    method: 'GET',
    path: '/api/catalog/sold/:productId',
    summary: 'What similar products sold for in the last 365 days, with the median, lowest and highest price',
    tag: 'catalog',
    auth: 'none',
    // Checked by the route: anything but a positive id names no product (404).
    params: z.object({ productId: z.string() }),
    errorCodes: ['NOT_FOUND', 'PRODUCT_TAKEN_DOWN'],
    responses: { 200: SoldPricesResponseSchema, 404: errorResponses[404] },
  }),
};
