import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  LoginSecondStepInputSchema,
  RecoveryCodesSchema,
  TwoFactorDisableInputSchema,
  TwoFactorEnableInputSchema,
  TwoFactorSetupInputSchema,
  TwoFactorSetupSchema,
} from './two-factor.schemas.ts';
import { LoginResponseSchema } from './user.schemas.ts';

const MessageSchema = z.object({ message: z.string() });

export const twoFactorEndpoints = {
  setup: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/2fa/setup',
    summary:
      'Starts two-step verification: a new TOTP secret (base32) and its otpauth URL; nothing changes until it is enabled',
    tag: 'users',
    auth: 'user',
    body: TwoFactorSetupInputSchema,
    responses: {
      200: TwoFactorSetupSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
      429: errorResponses[429],
    },
    errorCodes: ['WRONG_CURRENT_PASSWORD', 'TWO_FACTOR_ALREADY_ENABLED'],
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/2fa/enable',
    summary:
      'Turns two-step verification on with a code of the set-up secret; answers ten recovery codes, once',
    tag: 'users',
    auth: 'user',
    body: TwoFactorEnableInputSchema,
    responses: {
      200: RecoveryCodesSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
      429: errorResponses[429],
    },
    errorCodes: ['WRONG_CODE', 'TWO_FACTOR_NOT_SET_UP', 'TWO_FACTOR_ALREADY_ENABLED'],
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/2fa/disable',
    summary: 'Turns two-step verification off (current password and a code); the recovery codes end',
    tag: 'users',
    auth: 'user',
    body: TwoFactorDisableInputSchema,
    responses: {
      200: MessageSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
      429: errorResponses[429],
    },
    errorCodes: ['WRONG_CURRENT_PASSWORD', 'WRONG_CODE', 'TWO_FACTOR_NOT_ENABLED'],
  }),
  loginSecondStep: defineEndpoint({
    method: 'POST',
    path: '/api/users/login/2fa',
    summary:
      "Completes a login that answered a challenge: a current TOTP code or an unused recovery code; answers login's token",
    tag: 'users',
    auth: 'none',
    body: LoginSecondStepInputSchema,
    responses: {
      200: LoginResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      429: errorResponses[429],
    },
    errorCodes: ['WRONG_CODE', 'CHALLENGE_ENDED', 'ACCOUNT_SUSPENDED'],
  }),
};
