import { z } from 'zod';
import { IdParamSchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  PasskeyListSchema,
  PasskeyLoginInputSchema,
  PasskeyOptionsSchema,
  PasskeyRegisterInputSchema,
  PasskeyRemoveInputSchema,
  PasskeyRenameInputSchema,
  PasskeySchema,
} from './passkeys.schemas.ts';
import { LoginResponseSchema } from './user.schemas.ts';

const MessageSchema = z.object({ message: z.string() });

export const passkeysEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/passkeys',
    summary: "The caller's passkeys (at most 10, newest first)",
    tag: 'users',
    auth: 'user',
    responses: { 200: PasskeyListSchema, 401: errorResponses[401] },
  }),
  registrationOptions: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/passkeys/options',
    summary: 'WebAuthn registration options (a fresh challenge, good for 5 minutes) for a new passkey',
    tag: 'users',
    auth: 'user',
    responses: {
      200: PasskeyOptionsSchema,
      401: errorResponses[401],
      409: errorResponses[409],
      429: errorResponses[429],
    },
    errorCodes: ['TOO_MANY_PASSKEYS'],
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/passkeys',
    summary: 'Registers a passkey from the authenticator answer to the latest registration options',
    tag: 'users',
    auth: 'user',
    body: PasskeyRegisterInputSchema,
    responses: {
      201: z.object({ message: z.string(), passkey: PasskeySchema }),
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
      429: errorResponses[429],
    },
    errorCodes: ['PASSKEY_FAILED', 'TOO_MANY_PASSKEYS'],
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/passkeys/:id',
    summary: 'Renames one of the caller’s passkeys',
    tag: 'users',
    auth: 'user',
    params: IdParamSchema,
    body: PasskeyRenameInputSchema,
    responses: {
      200: z.object({ message: z.string(), passkey: PasskeySchema }),
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
    },
    errorCodes: ['PASSKEY_NOT_FOUND'],
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/passkeys/:id/delete',
    summary: 'Removes one of the caller’s passkeys (current password, or a two-step verification code)',
    tag: 'users',
    auth: 'user',
    params: IdParamSchema,
    body: PasskeyRemoveInputSchema,
    responses: {
      200: MessageSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      404: errorResponses[404],
      429: errorResponses[429],
    },
    errorCodes: ['PASSKEY_NOT_FOUND', 'WRONG_CURRENT_PASSWORD', 'WRONG_CODE', 'PROOF_REQUIRED'],
  }),
  loginOptions: defineEndpoint({
    method: 'POST',
    path: '/api/users/login/passkey/options',
    summary: 'WebAuthn sign-in options (a fresh challenge, good for 5 minutes) for a passkey login',
    tag: 'users',
    auth: 'none',
    responses: { 200: PasskeyOptionsSchema, 429: errorResponses[429] },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/users/login/passkey',
    summary: 'Signs in with a passkey (it counts as both steps); answers login’s token',
    tag: 'users',
    auth: 'none',
    body: PasskeyLoginInputSchema,
    responses: {
      200: LoginResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      429: errorResponses[429],
    },
    errorCodes: ['PASSKEY_FAILED', 'ACCOUNT_SUSPENDED'],
  }),
};
