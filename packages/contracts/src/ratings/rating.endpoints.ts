import { z } from 'zod';
import { hasControlCharacter } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  CreateRatingSchema,
  RatingCreatedSchema,
  RatingListQuerySchema,
  SellerRatingsResponseSchema,
} from './rating.schemas.ts';

// No username holds a control character, and PostgreSQL text cannot hold NUL: refused before any query.
const SellerParamsSchema = z.object({
  username: z
    .string()
    .min(1)
    .max(60, { abort: true })
    .refine((name) => !hasControlCharacter(name)),
});

export const ratingsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/ratings',
    summary: 'Rates the seller of a delivered purchase (once per purchase)',
    tag: 'ratings',
    auth: 'user',
    body: CreateRatingSchema,
    errorCodes: ['ALREADY_RATED', 'NOT_BUYER', 'NOT_DELIVERED'],
    responses: { 201: RatingCreatedSchema, ...errorResponses },
  }),
  forSeller: defineEndpoint({
    method: 'GET',
    path: '/api/ratings/seller/:username',
    summary: "A seller's ratings, newest first",
    tag: 'ratings',
    auth: 'none',
    params: SellerParamsSchema,
    query: RatingListQuerySchema,
    errorCodes: ['USER_NOT_FOUND'],
    responses: { 200: SellerRatingsResponseSchema, 400: errorResponses[400], 404: errorResponses[404] },
  }),
};
