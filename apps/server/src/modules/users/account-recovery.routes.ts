import { accountRecoveryEndpoints as endpoints, accountRecoveryMessages as messages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { perAccount, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createAccountRecovery } from './account-recovery.service.ts';
import type { UsersService } from './users.service.ts';

const MINUTE = 60_000;
/** Guessing a 256-bit link is hopeless; this only keeps a flood of tries from costing work. */
const linkTries = perAddress({ max: 30, timeWindow: 15 * MINUTE });

export async function accountRecoveryRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const recovery = createAccountRecovery(ctx, users);
  ctx.jobs.register(recovery.resetRequestsJob);

  // No 429 here: past the hourly limits the answer stays the same and nothing is sent.
  declareRoute(app, ctx, endpoints.requestPasswordReset, { bodyLimit: bodyLimits.small }, async (request) => {
    await recovery.requestPasswordReset(request.body.email, request.ip);
    return { message: messages.resetRequested };
  });

  declareRoute(
    app,
    ctx,
    endpoints.confirmPasswordReset,
    { bodyLimit: bodyLimits.small, config: linkTries },
    async (request) => {
      await recovery.confirmPasswordReset(request.body);
      return { message: messages.passwordReset };
    },
  );

  declareRoute(
    app,
    ctx,
    endpoints.requestEmailChange,
    { bodyLimit: bodyLimits.small, config: perAccount({ max: 5, timeWindow: 60 * MINUTE }) },
    async (request) => {
      await recovery.requestEmailChange(request.userId!, request.body);
      return { message: messages.emailChangeRequested };
    },
  );

  declareRoute(
    app,
    ctx,
    endpoints.confirmEmailChange,
    { bodyLimit: bodyLimits.small, config: linkTries },
    async (request) => {
      const session =
        request.userId && request.sessionId ? { userId: request.userId, sessionId: request.sessionId } : null;
      const { email } = await recovery.confirmEmailChange(request.body.token, session);
      return { message: messages.emailChanged, email };
    },
  );
}
