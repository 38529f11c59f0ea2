import { operationsEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';

/** POST /api/test/clock moves the clock forward and runs every transition that became due. Registered only with TEST_CLOCK=1, so the route 404s otherwise. */
export async function testClockRoutes(app: FastifyInstance, ctx: AppContext) {
  declareRoute(
    app,
    ctx,
    operationsEndpoints.advanceTestClock,
    { bodyLimit: bodyLimits.small },
    async (request) => {
      ctx.clock.advance(request.body.advance_seconds);
      await ctx.jobs.runDue();
      return { now: ctx.clock.now().toISOString() };
    },
  );
}
