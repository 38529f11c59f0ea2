import { IdParamSchema } from '../common/schemas.ts';
import { operatorErrorCodes } from '../errors.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  BlockBuyerSchema,
  BlockedBuyersQuerySchema,
  BlockedBuyersResponseSchema,
  BlockedUsernameParamsSchema,
  ClearStrikesResponseSchema,
  ConfirmPairResponseSchema,
  ConfirmPairSchema,
  SignalsQuerySchema,
  SignalsResponseSchema,
  TrustMessageSchema,
} from './trust.schemas.ts';
import { SetVacationResponseSchema, SetVacationSchema } from './vacation.ts';

/** A seller's list of blocked buyers: no bids, purchases, offers or questions on their products. */
export const sellerBlocksEndpoints = {
  block: defineEndpoint({
    method: 'POST',
    path: '/api/sellers/blocked',
    idempotent: true,
    summary:
      "Blocks a buyer from bidding on, buying, making offers on and asking about the caller's products",
    tag: 'sellers',
    auth: 'user',
    body: BlockBuyerSchema,
    errorCodes: ['BLOCK_SELF', 'SELLER_ONLY', 'USER_NOT_FOUND'],
    responses: { 200: TrustMessageSchema, ...errorResponses },
  }),
  unblock: defineEndpoint({
    method: 'DELETE',
    path: '/api/sellers/blocked/:username',
    summary: 'Takes a buyer off the caller’s block list',
    tag: 'sellers',
    auth: 'user',
    params: BlockedUsernameParamsSchema,
    errorCodes: ['NOT_BLOCKED'],
    responses: { 200: TrustMessageSchema, ...errorResponses },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/sellers/blocked',
    summary: "The caller's blocked buyers, newest first",
    tag: 'sellers',
    auth: 'user',
    query: BlockedBuyersQuerySchema,
    responses: { 200: BlockedBuyersResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
};

/** A seller's vacation mode: away until a day, with an optional message. */
export const sellerVacationEndpoints = {
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/sellers/vacation',
    summary:
      "Sets (or with away_until null ends) the caller's vacation: no buying or offers on their buy-now products, questions answered with the message, no auctions started",
    tag: 'sellers',
    auth: 'user',
    body: SetVacationSchema,
    errorCodes: ['NOT_SELLER', 'VACATION_DATE_PAST', 'USER_NOT_FOUND'],
    responses: { 200: SetVacationResponseSchema, ...errorResponses },
  }),
};

/** Operators: unpaid strikes and shill-bidding signals. */
export const trustAdminEndpoints = {
  clearStrikes: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/clear-strikes',
    idempotent: true,
    summary: "Clears an account's unpaid strikes (audited)",
    tag: 'admin',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: [...operatorErrorCodes, 'USER_NOT_FOUND'],
    responses: { 200: ClearStrikesResponseSchema, ...errorResponses },
  }),
  signals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/signals',
    summary: 'Seller-bidder pairs that look like shill bidding, with the evidence',
    tag: 'admin',
    auth: 'user',
    query: SignalsQuerySchema,
    errorCodes: [...operatorErrorCodes],
    responses: { 200: SignalsResponseSchema, ...errorResponses },
  }),
  confirmSignal: defineEndpoint({
    method: 'POST',
    path: '/api/admin/signals/confirm',
    idempotent: true,
    summary: "Confirms a shill pair: the bidder's bids on the seller's running auctions are voided (audited)",
    tag: 'admin',
    auth: 'user',
    body: ConfirmPairSchema,
    errorCodes: [...operatorErrorCodes, 'PAIR_SELF', 'USER_NOT_FOUND'],
    responses: { 200: ConfirmPairResponseSchema, ...errorResponses },
  }),
};
