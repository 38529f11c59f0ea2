import { commonMessages, operationsEndpoints } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { declareRoute } from '../../platform/routes.ts';

/**
 * `GET /api/health`: `200 {"status":"ok"}` while the server takes requests and its database
 * answers, `503` otherwise (load balancers take the process out of rotation). The body names the
 * dependency that fails, for operators, and nothing more (no addresses, no error texts).
 * Redis being away does not make the process unhealthy (requests are still answered; only live
 * events are late), so it is reported as `degraded` with a 200.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  declareRoute(app, ctx, operationsEndpoints.health, {}, async (_request, reply) => {
    const events = ctx.events.stats?.();
    const liveEvents = events && !events.connected ? 'unavailable' : 'ok';
    try {
      await sql`select 1`.execute(ctx.db);
    } catch (err) {
      ctx.log.warn({ err }, 'health check: database unreachable');
      return reply.status(503).send({
        status: 'unavailable' as const,
        message: commonMessages.unavailable,
        checks: { database: 'unavailable', live_events: liveEvents },
      });
    }
    if (liveEvents !== 'ok') return { status: 'ok' as const, degraded: { live_events: liveEvents } };
    return { status: 'ok' as const };
  });
  /**
   * `GET /api/health/live`: `200` while the process runs and its event loop turns, whatever its
   * dependencies do: a container runtime restarts a process that fails this one, so a database
   * outage (which a restart does not mend) must not fail it.
   */
  declareRoute(app, ctx, operationsEndpoints.live, {}, async () => ({ status: 'ok' as const }));
}
