import {
  ChangePasswordInputSchema,
  IdParamSchema,
  isoDay,
  LoginInputSchema,
  makeProfileUpdateSchema,
  userMessages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/errors.ts';
import type { UsersService } from './users.service.ts';

const UsernameParamSchema = z.object({ username: z.string().trim().min(1).max(60) });

export async function usersRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const { auth, clock } = ctx;

  app.post('/api/users/login', async (request) => {
    const input = parseInput(LoginInputSchema, request.body);
    return users.login(input, request.ip);
  });

  app.get('/api/users/profile', { preHandler: auth.requireUser }, async (request) => {
    return users.getProfile(request.userId!);
  });

  app.put('/api/users/profile', { preHandler: auth.requireUser }, async (request) => {
    const input = parseInput(makeProfileUpdateSchema(isoDay(clock.now())), request.body);
    const profile = await users.updateProfile(request.userId!, input);
    return { message: userMessages.profileUpdated, user: profile, ...profile };
  });

  app.get('/api/users/profile/check_seller', { preHandler: auth.requireUser }, async (request) => {
    return users.isSeller(request.userId!);
  });

  app.post('/api/users/change-password', { preHandler: auth.requireUser }, async (request) => {
    const input = parseInput(ChangePasswordInputSchema, request.body);
    const jwt_token = await users.changePassword(request.userId!, input);
    return { message: userMessages.passwordUpdated, jwt_token };
  });

  // Ends every session of the account, this one included (see the token version in platform/auth.ts).
  app.post('/api/users/logout', { preHandler: auth.requireUser }, async (request) => {
    await users.logout(request.userId!);
    return { message: userMessages.loggedOut };
  });

  // /seller/{id} shows the same public profile by id (registered before :username on purpose: static wins).
  app.get('/api/users/public/id/:id', async (request) => {
    const { id } = parseInput(IdParamSchema, request.params);
    return users.getPublicProfileById(id);
  });

  app.get('/api/users/public/:username', async (request) => {
    const { username } = parseInput(UsernameParamSchema, request.params);
    return users.getPublicProfile(username);
  });
}
