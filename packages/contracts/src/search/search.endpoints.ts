import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { SearchResultSchema } from './search.schemas.ts';

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    // A wildcard rather than ':term': the router's parametric segments stop at 100 characters (a
    // longer term would be a bare 404 instead of the length message), and an empty one matches.
    path: '/api/auctions/search/*',
    wildcardName: 'term',
    summary: 'Users, products and auctions matching a term (accents, typos and cut words allowed)',
    tag: 'search',
    auth: 'none',
    params: z.object({ '*': z.string() }),
    responses: { 200: SearchResultSchema, 400: errorResponses[400], 429: errorResponses[429] },
  }),
  emptySearch: defineEndpoint({
    method: 'GET',
    path: '/api/auctions/search',
    summary: 'A search without a term: always the "term required" message',
    tag: 'search',
    auth: 'none',
    responses: { 400: errorResponses[400], 429: errorResponses[429] },
  }),
};
