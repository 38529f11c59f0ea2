import { z } from 'zod';
import { operatorErrorCodes } from '../errors.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  AdminRefundsQuerySchema,
  AdminRefundsResponseSchema,
  RetryRefundResponseSchema,
} from './refund.schemas.ts';

/** Refunds of charges, for operators (every `/api/admin/*` call answers 403 to anyone else). */
export const adminRefundsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/refunds',
    summary: 'Refunds by state (pending, done, failed), newest first',
    tag: 'admin',
    auth: 'user',
    query: AdminRefundsQuerySchema,
    errorCodes: [...operatorErrorCodes],
    responses: {
      200: AdminRefundsResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/admin/refunds/:id/retry',
    summary: 'Asks the processor again for a failed refund (audited; a refund not failed is a 409)',
    tag: 'admin',
    auth: 'user',
    params: z.object({ id: z.string().max(64) }),
    responses: { 200: RetryRefundResponseSchema, ...errorResponses },
    errorCodes: [...operatorErrorCodes, 'REFUND_NOT_FOUND', 'REFUND_NOT_FAILED'],
  }),
};
