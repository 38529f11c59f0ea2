import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  BankAccountInputSchema,
  BankAccountSavedSchema,
  BankAccountSchema,
  BankAccountUpdateSchema,
  BankSchema,
  DocumentTypeOptionSchema,
} from './bank-account.schemas.ts';

const ownAccount = {
  method: 'GET',
  summary: "The seller's own payout account (404 when none is registered)",
  tag: 'banks',
  auth: 'user',
  errorCodes: ['BANK_ACCOUNT_NOT_FOUND'],
  responses: { 200: BankAccountSchema, 401: errorResponses[401], 404: errorResponses[404] },
} as const;

export const banksEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/banks/list',
    summary: 'Banks a payout account can be at',
    tag: 'banks',
    auth: 'user',
    responses: { 200: z.array(BankSchema), 401: errorResponses[401] },
  }),
  documentTypes: defineEndpoint({
    method: 'GET',
    path: '/api/banks/document_types',
    summary: "Identity document types of an account's holder",
    tag: 'banks',
    auth: 'user',
    responses: { 200: z.array(DocumentTypeOptionSchema), 401: errorResponses[401] },
  }),
  createAccount: defineEndpoint({
    method: 'POST',
    path: '/api/sellers-banks/create',
    summary: "Registers the seller's payout account (the seller is told)",
    tag: 'banks',
    auth: 'user',
    body: BankAccountInputSchema,
    errorCodes: ['ONE_ACCOUNT_ONLY', 'SELLER_ONLY', 'UNKNOWN_BANK', 'UNKNOWN_DOCUMENT_TYPE'],
    responses: { 201: BankAccountSavedSchema, ...errorResponses },
  }),
  ownAccount: defineEndpoint({ ...ownAccount, path: '/api/sellers-banks/get_by_seller_id' }),
  /** The same call as older clients spell it, with a trailing slash. */
  ownAccountSlash: defineEndpoint({ ...ownAccount, path: '/api/sellers-banks/get_by_seller_id/' }),
  updateAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/sellers-banks/update/:id',
    summary: "Changes the seller's payout account (asks for the current password; the seller is told)",
    tag: 'banks',
    auth: 'user',
    // Anything but an id of the caller's account is "not found", checked by the route.
    params: z.object({ id: z.string() }),
    body: BankAccountUpdateSchema,
    errorCodes: ['BANK_ACCOUNT_NOT_FOUND', 'CODE_REQUIRED', 'WRONG_CODE', 'WRONG_CURRENT_PASSWORD'],
    responses: { 200: BankAccountSavedSchema, ...errorResponses },
  }),
};
