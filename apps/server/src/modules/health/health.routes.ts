import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' };
    } catch (err) {
      ctx.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', message: 'La base de datos no responde.' });
    }
  });
}
