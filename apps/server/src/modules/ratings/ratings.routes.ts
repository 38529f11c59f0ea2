import { hasControlCharacter, RatingListQuerySchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import { createRatingsService } from './ratings.service.ts';

// No username holds a control character, and PostgreSQL text cannot hold NUL: refused before any query.
const UsernameParamSchema = z.object({
  username: z
    .string()
    .min(1)
    .max(60, { abort: true })
    .refine((name) => !hasControlCharacter(name)),
});

/** Seller ratings: buyers rate delivered purchases; anyone reads a seller's ratings. */
export async function ratingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const ratings = createRatingsService(ctx);

  app.post('/api/ratings', { onRequest: ctx.auth.requireUser }, async (request, reply) => {
    const created = await ratings.create(request.userId!, request.body);
    reply.status(201);
    return created;
  });

  app.get('/api/ratings/seller/:username', async (request) => {
    const { username } = parseInput(UsernameParamSchema, request.params);
    const { page, size } = parseInput(RatingListQuerySchema, request.query);
    return ratings.listForSeller(username, page, size);
  });
}
