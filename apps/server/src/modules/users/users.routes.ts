import {
  usersEndpoints as endpoints,
  hasControlCharacter,
  isoDay,
  makeProfileUpdateSchema,
  userMessages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { limits, perAccount, perAddress } from '../../platform/rate-limits.ts';
import { declareRoute } from '../../platform/routes.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const { clock } = ctx;

  declareRoute(
    app,
    ctx,
    endpoints.login,
    { bodyLimit: bodyLimits.small, config: perAddress(limits.login) },
    async (request) => users.login(request.body, request.ip, request.headers['user-agent']),
  );

  declareRoute(app, ctx, endpoints.profile, {}, async (request) => users.getProfile(request.userId!));

  // A birth date may not be after today on the server clock (the test clock moves it).
  const profileUpdate = { body: makeProfileUpdateSchema(() => isoDay(clock.now())) };
  declareRoute(app, ctx, endpoints.updateProfile, profileUpdate, async (request) => {
    const profile = await users.updateProfile(request.userId!, request.body);
    return { message: userMessages.profileUpdated, user: profile, ...profile };
  });

  declareRoute(app, ctx, endpoints.checkSeller, {}, async (request) => users.isSeller(request.userId!));

  declareRoute(
    app,
    ctx,
    endpoints.changePassword,
    { bodyLimit: bodyLimits.small, config: perAccount(limits.passwordChange) },
    async (request) => {
      const jwt_token = await users.changePassword(request.userId!, request.body, request.sessionId!);
      return { message: userMessages.passwordUpdated, jwt_token };
    },
  );

  // Ends the session of this token only; the account's other devices stay logged in.
  declareRoute(app, ctx, endpoints.logout, { bodyLimit: bodyLimits.none }, async (request) => {
    await users.logout(request.userId!, request.sessionId!);
    return { message: userMessages.loggedOut };
  });

  declareRoute(app, ctx, endpoints.logoutAll, { bodyLimit: bodyLimits.none }, async (request) => {
    await users.logoutEverywhere(request.userId!);
    return { message: userMessages.loggedOutEverywhere };
  });

  // /seller/{id} shows the same public profile by id (registered before :username on purpose: static wins).
  declareRoute(app, ctx, endpoints.publicProfileById, {}, async (request) =>
    users.getPublicProfileById(request.params.id),
  );

  declareRoute(app, ctx, endpoints.publicProfile, {}, async (request) => {
    const { username } = request.params;
    // No username holds a control character, and PostgreSQL text cannot hold NUL: nobody by that name.
    if (hasControlCharacter(username)) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
    return users.getPublicProfile(username);
  });
}
