import { personalDataEndpoints as endpoints, personalDataMessages as messages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { limits, perAccount } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import type { UsersService } from '../users/users.service.ts';
import { createPersonalDataService } from './personal-data.service.ts';

export async function personalDataRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const service = createPersonalDataService(ctx, users);

  declareRoute(app, ctx, endpoints.exportData, {}, async (request, reply) => {
    const data = await service.exportData(request.userId!);
    // Opened from a link or a script, it saves as a file.
    reply.header('content-disposition', `attachment; filename="mis-datos-coleccionables.json"`);
    return data;
  });

  // A password check per attempt: limited like a password change.
  declareRoute(
    app,
    ctx,
    endpoints.deleteAccount,
    { bodyLimit: bodyLimits.small, config: perAccount(limits.passwordChange) },
    async (request, reply) => {
      const outcome = await service.deleteAccount(request.userId!, request.body.password);
      if (!outcome.deleted) {
        return reply.code(409).send({
          message: messages.deleteRefused,
          errors: [messages.deleteRefused],
          code: 'ACCOUNT_HAS_OPEN_ITEMS' as const,
          open: outcome.open,
        });
      }
      return { message: messages.deleted };
    },
  );
}
