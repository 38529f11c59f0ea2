import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';

const AdvanceSchema = z.object({
  advance_seconds: z
    .number({ error: 'advance_seconds debe ser un número' })
    .int({ error: 'advance_seconds debe ser un entero' })
    .min(0, { error: 'advance_seconds no puede ser negativo' })
    .max(10 * 365 * 24 * 3600, { error: 'advance_seconds es demasiado grande' }),
});

/** CONTRACT section 4. Registered only with TEST_CLOCK=1, so the route 404s otherwise. */
export async function testClockRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/test/clock', { bodyLimit: bodyLimits.small }, async (request) => {
    const { advance_seconds } = parseInput(AdvanceSchema, request.body);
    ctx.clock.advance(advance_seconds);
    await ctx.jobs.runDue();
    return { now: ctx.clock.now().toISOString() };
  });
}
