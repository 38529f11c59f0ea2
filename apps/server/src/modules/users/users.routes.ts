import {
  ChangePasswordInputSchema,
  hasControlCharacter,
  IdParamSchema,
  isoDay,
  LoginInputSchema,
  makeProfileUpdateSchema,
  userMessages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound, parseInput } from '../../platform/errors.ts';
import { limits, perAccount, perAddress } from '../../platform/rate-limits.ts';
import type { UsersService } from './users.service.ts';

const UsernameParamSchema = z.object({ username: z.string().trim().min(1).max(60) });

export async function usersRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const { auth, clock } = ctx;

  app.post(
    '/api/users/login',
    { bodyLimit: bodyLimits.small, config: perAddress(limits.login) },
    async (request) => {
      const input = parseInput(LoginInputSchema, request.body);
      return users.login(input, request.ip);
    },
  );

  app.get('/api/users/profile', { onRequest: auth.requireUser }, async (request) => {
    return users.getProfile(request.userId!);
  });

  app.put('/api/users/profile', { onRequest: auth.requireUser }, async (request) => {
    const input = parseInput(makeProfileUpdateSchema(isoDay(clock.now())), request.body);
    const profile = await users.updateProfile(request.userId!, input);
    return { message: userMessages.profileUpdated, user: profile, ...profile };
  });

  app.get('/api/users/profile/check_seller', { onRequest: auth.requireUser }, async (request) => {
    return users.isSeller(request.userId!);
  });

  app.post(
    '/api/users/change-password',
    {
      onRequest: auth.requireUser,
      bodyLimit: bodyLimits.small,
      config: perAccount(limits.passwordChange),
    },
    async (request) => {
      const input = parseInput(ChangePasswordInputSchema, request.body);
      const jwt_token = await users.changePassword(request.userId!, input);
      return { message: userMessages.passwordUpdated, jwt_token };
    },
  );

  // Ends every session of the account, this one included (see the token version in platform/auth.ts).
  app.post(
    '/api/users/logout',
    { onRequest: auth.requireUser, bodyLimit: bodyLimits.none },
    async (request) => {
      await users.logout(request.userId!);
      return { message: userMessages.loggedOut };
    },
  );

  // /seller/{id} shows the same public profile by id (registered before :username on purpose: static wins).
  app.get('/api/users/public/id/:id', async (request) => {
    const { id } = parseInput(IdParamSchema, request.params);
    return users.getPublicProfileById(id);
  });

  app.get('/api/users/public/:username', async (request) => {
    const { username } = parseInput(UsernameParamSchema, request.params);
    // No username holds a control character, and PostgreSQL text cannot hold NUL: nobody by that name.
    if (hasControlCharacter(username)) throw notFound('USER_NOT_FOUND', userMessages.userNotFound);
    return users.getPublicProfile(username);
  });
}
