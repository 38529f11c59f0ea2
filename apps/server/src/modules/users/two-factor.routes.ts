import { twoFactorEndpoints as endpoints, twoFactorMessages as messages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { limits, perAccount, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import type { UsersService } from './users.service.ts';

/** Two-step verification with an authenticator app: set-up, on, off, and the login's code step. */
export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const twoFactor = createTwoFactorService(ctx, users);
  const small = { bodyLimit: bodyLimits.small };
  // A password or a code is guessed here: the same bound as a password change.
  const guarded = { ...small, config: perAccount(limits.passwordChange) };

  declareRoute(app, ctx, endpoints.setup, guarded, async (request) =>
    twoFactor.setup(request.userId!, request.body.current_password),
  );

  declareRoute(app, ctx, endpoints.enable, { ...small, config: perAccount(limits.login) }, async (request) =>
    twoFactor.enable(request.userId!, request.body.code),
  );

  declareRoute(app, ctx, endpoints.disable, guarded, async (request) => {
    await twoFactor.disable(request.userId!, request.body.current_password, request.body.code);
    return { message: messages.disabled };
  });

  declareRoute(
    app,
    ctx,
    endpoints.loginSecondStep,
    { ...small, config: perAddress(limits.login) },
    async (request) => {
      const { jwt_token } = await twoFactor.completeLogin(request.body, request.headers['user-agent']);
      return { jwt_token };
    },
  );
  return twoFactor;
}
