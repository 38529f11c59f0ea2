import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  AccountDeletionRefusedSchema,
  DeleteAccountInputSchema,
  PersonalDataExportSchema,
} from './personal-data.schemas.ts';

export const personalDataEndpoints = {
  exportData: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/export',
    summary: 'Everything the marketplace holds about the caller, as one JSON document',
    tag: 'users',
    auth: 'user',
    responses: { 200: PersonalDataExportSchema, 401: errorResponses[401] },
  }),
  deleteAccount: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/delete',
    summary: 'Deletes the account: personal data erased, money records kept, every session ended',
    tag: 'users',
    auth: 'user',
    body: DeleteAccountInputSchema,
    errorCodes: ['ACCOUNT_HAS_OPEN_ITEMS', 'WRONG_PASSWORD'],
    responses: {
      200: z.object({ message: z.string() }),
      400: errorResponses[400],
      401: errorResponses[401],
      409: AccountDeletionRefusedSchema,
      429: errorResponses[429],
    },
  }),
};
