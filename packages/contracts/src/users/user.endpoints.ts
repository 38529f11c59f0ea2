import { z } from 'zod';
import { IdParamSchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { LoginChallengeSchema } from './two-factor.schemas.ts';
import {
  ChangePasswordInputSchema,
  CheckSellerResponseSchema,
  LoginInputSchema,
  LoginResponseSchema,
  makeProfileUpdateSchema,
  PublicProfileSchema,
  UserProfileSchema,
} from './user.schemas.ts';

/**
 * The profile rules as documented; the one that needs today's date (a birth date may not be in
 * the future) is checked by the server against its own clock (`makeProfileUpdateSchema(today)`).
 */
export const ProfileUpdateInputSchema = makeProfileUpdateSchema('9999-12-31');

export const UsernameParamSchema = z.object({ username: z.string().trim().min(1).max(60) });

const MessageSchema = z.object({ message: z.string() });

export const usersEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/users/login',
    summary: 'Exchanges email and password for a 7-day token',
    tag: 'users',
    auth: 'none',
    body: LoginInputSchema,
    errorCodes: ['ACCOUNT_SUSPENDED', 'BAD_CREDENTIALS', 'TOO_MANY_LOGIN_ATTEMPTS'],
    responses: {
      // With two-step verification on, a challenge for `POST /api/users/login/2fa` instead of a token.
      200: z.union([LoginResponseSchema, LoginChallengeSchema]),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      429: errorResponses[429],
    },
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/users/profile',
    summary: "The caller's own profile",
    tag: 'users',
    auth: 'user',
    responses: { 200: UserProfileSchema, 401: errorResponses[401], 404: errorResponses[404] },
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/users/profile',
    summary: "Edits the caller's profile",
    tag: 'users',
    auth: 'user',
    body: ProfileUpdateInputSchema,
    responses: {
      // The profile both nested under `user` and at the top level (clients read either).
      200: UserProfileSchema.extend({ message: z.string(), user: UserProfileSchema }),
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
  }),
  checkSeller: defineEndpoint({
    method: 'GET',
    path: '/api/users/profile/check_seller',
    summary: 'Whether the caller is a seller (a bare boolean)',
    tag: 'users',
    auth: 'user',
    responses: { 200: CheckSellerResponseSchema, 401: errorResponses[401] },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/users/change-password',
    summary:
      'Changes the password; every other session ends and this one goes on with the fresh token returned',
    tag: 'users',
    auth: 'user',
    body: ChangePasswordInputSchema,
    errorCodes: ['WRONG_CURRENT_PASSWORD'],
    responses: {
      200: MessageSchema.extend({ jwt_token: z.string() }),
      400: errorResponses[400],
      401: errorResponses[401],
      429: errorResponses[429],
    },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/users/logout',
    summary: "Ends this session (this device's token); the account's other sessions keep working",
    tag: 'users',
    auth: 'user',
    responses: { 200: MessageSchema, 401: errorResponses[401] },
  }),
  logoutAll: defineEndpoint({
    method: 'POST',
    path: '/api/users/logout-all',
    summary: 'Ends every session of the account, on every device, this one included',
    tag: 'users',
    auth: 'user',
    responses: { 200: MessageSchema, 401: errorResponses[401] },
  }),
  publicProfileById: defineEndpoint({
    method: 'GET',
    path: '/api/users/public/id/:id',
    summary: 'A public profile by user id (/seller/{id})',
    tag: 'users',
    auth: 'none',
    params: IdParamSchema,
    errorCodes: ['USER_NOT_FOUND'],
    responses: { 200: PublicProfileSchema, 400: errorResponses[400], 404: errorResponses[404] },
  }),
  publicProfile: defineEndpoint({
    method: 'GET',
    path: '/api/users/public/:username',
    summary: 'A public profile by username',
    tag: 'users',
    auth: 'none',
    params: UsernameParamSchema,
    errorCodes: ['USER_NOT_FOUND'],
    responses: { 200: PublicProfileSchema, 400: errorResponses[400], 404: errorResponses[404] },
  }),
};
