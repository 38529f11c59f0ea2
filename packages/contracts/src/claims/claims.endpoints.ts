import { IdParamSchema } from '../common/schemas.ts';
import { operatorErrorCodes } from '../errors.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  AdminClaimsQuerySchema,
  AdminClaimsResponseSchema,
  ClaimActionResponseSchema,
  ClaimContextSchema,
  ClaimMessageInputSchema,
  ClaimSchema,
  MyClaimsQuerySchema,
  MyClaimsResponseSchema,
  OpenClaimInputSchema,
  ResolveClaimInputSchema,
} from './claim.schemas.ts';

/**
 * Buyer claims after a sale. A claim is seen by its buyer, its seller and operators; anyone else
 * gets 404, as for any record that is not theirs.
 */
export const claimsEndpoints = {
  open: defineEndpoint({
    method: 'POST',
    path: '/api/claims',
    idempotent: true,
    summary: 'The buyer opens a claim on a shipped purchase or a delivered one inside the claim window',
    tag: 'claims',
    auth: 'user',
    body: OpenClaimInputSchema,
    errorCodes: [
      'CLAIM_ALREADY_OPEN',
      'CLAIM_WINDOW_OVER',
      'NOT_SHIPPED',
      'PURCHASE_NOT_FOUND',
      'PURCHASE_REFUNDED',
    ],
    responses: { 201: ClaimSchema, ...errorResponses },
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/claims/mine',
    summary: "The caller's claims, as buyer and as seller, newest first",
    tag: 'claims',
    auth: 'user',
    query: MyClaimsQuerySchema,
    responses: { 200: MyClaimsResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/claims/:id',
    summary: 'A claim and its conversation (its buyer, its seller, operators)',
    tag: 'claims',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['CLAIM_NOT_FOUND'],
    responses: { 200: ClaimSchema, 401: errorResponses[401], 404: errorResponses[404] },
  }),
  context: defineEndpoint({
    method: 'GET',
    path: '/api/claims/:id/context',
    summary: "The claim page's surroundings: the caller's role, the parties, the amount and the tracking",
    tag: 'claims',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['CLAIM_NOT_FOUND'],
    responses: { 200: ClaimContextSchema, 401: errorResponses[401], 404: errorResponses[404] },
  }),
  message: defineEndpoint({
    method: 'POST',
    path: '/api/claims/:id/messages',
    summary: 'Adds a message to an open or escalated claim (buyer, seller, operator)',
    tag: 'claims',
    auth: 'user',
    params: IdParamSchema,
    body: ClaimMessageInputSchema,
    errorCodes: ['CLAIM_CLOSED', 'CLAIM_NOT_FOUND'],
    responses: { 201: ClaimActionResponseSchema, ...errorResponses },
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/claims/:id/refund',
    summary: 'The seller refunds the buyer in full through the processor; the payout is cancelled',
    tag: 'claims',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['CLAIM_CLOSED', 'CLAIM_NOT_FOUND', 'CLAIM_SELLER_ONLY', 'PAYOUT_ALREADY_PAID'],
    responses: { 200: ClaimActionResponseSchema, ...errorResponses },
  }),
  escalate: defineEndpoint({
    method: 'POST',
    path: '/api/claims/:id/escalate',
    summary: 'Asks an operator to decide (the buyer after 3 days without a refund, the seller any time)',
    tag: 'claims',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: [
      'CLAIM_ALREADY_ESCALATED',
      'CLAIM_ESCALATE_TOO_SOON',
      'CLAIM_NOT_FOUND',
      'CLAIM_PARTIES_ONLY',
      'CLAIM_CLOSED',
    ],
    responses: { 200: ClaimActionResponseSchema, ...errorResponses },
  }),
};

/** The operator console's claims (under /api/admin: operators only). */
export const adminClaimsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/claims',
    summary: 'Claims by status (`active`: open and escalated, oldest first)',
    tag: 'admin',
    auth: 'user',
    query: AdminClaimsQuerySchema,
    errorCodes: [...operatorErrorCodes],
    responses: {
      200: AdminClaimsResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/claims/:id/resolve',
    summary:
      'Resolves an open or escalated claim: refund the buyer, or release the payout to its normal course',
    tag: 'admin',
    auth: 'user',
    idempotent: true,
    params: IdParamSchema,
    body: ResolveClaimInputSchema,
    errorCodes: [...operatorErrorCodes, 'CLAIM_CLOSED', 'CLAIM_NOT_FOUND', 'OWN_CLAIM'],
    responses: { 200: ClaimActionResponseSchema, ...errorResponses },
  }),
};
