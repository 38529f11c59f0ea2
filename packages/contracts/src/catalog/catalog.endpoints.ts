import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { BrowseQuerySchema, BrowseResponseSchema } from './catalog.schemas.ts';

export const catalogEndpoints = {
  browse: defineEndpoint({
    method: 'GET',
    path: '/api/catalog/browse',
    summary: 'What can be bought now (running auctions and buy-now), filtered, sorted, with facet counts',
    tag: 'catalog',
    auth: 'none',
    query: BrowseQuerySchema,
    responses: { 200: BrowseResponseSchema, 400: errorResponses[400] },
  }),
};
