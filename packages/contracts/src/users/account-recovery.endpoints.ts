import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  EmailChangeConfirmSchema,
  EmailChangedResponseSchema,
  EmailChangeRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from './account-recovery.schemas.ts';

const MessageSchema = z.object({ message: z.string() });

/** Getting back into an account (password reset) and moving it to another e-mail address. */
export const accountRecoveryEndpoints = {
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/users/password-reset',
    summary:
      'E-mails a one-time link (1 hour) to choose a new password; the same answer whether or not the address has an account',
    tag: 'users',
    auth: 'none',
    body: PasswordResetRequestSchema,
    responses: { 200: MessageSchema, 400: errorResponses[400] },
  }),
  confirmPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/users/password-reset/confirm',
    summary: "Sets the password from a reset link's token; every session of the account ends",
    tag: 'users',
    auth: 'none',
    body: PasswordResetConfirmSchema,
    responses: { 200: MessageSchema, 400: errorResponses[400], 403: errorResponses[403] },
    errorCodes: ['RESET_LINK_INVALID', 'ACCOUNT_SUSPENDED'],
  }),
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/email',
    summary:
      'Sends a confirmation link (24 hours) to the new address and a notice to the current one; nothing changes until it is opened',
    tag: 'users',
    auth: 'user',
    body: EmailChangeRequestSchema,
    responses: {
      200: MessageSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
      429: errorResponses[429],
    },
    errorCodes: ['WRONG_CURRENT_PASSWORD', 'EMAIL_TAKEN', 'SAME_EMAIL', 'CODE_REQUIRED', 'WRONG_CODE'],
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/email/confirm',
    summary:
      "Changes the account's e-mail from the link's token; every other session ends (all of them when opened logged out)",
    tag: 'users',
    auth: 'optional',
    body: EmailChangeConfirmSchema,
    responses: { 200: EmailChangedResponseSchema, 400: errorResponses[400], 409: errorResponses[409] },
    errorCodes: ['EMAIL_LINK_INVALID', 'EMAIL_TAKEN'],
  }),
};
