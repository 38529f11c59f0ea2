import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { CombinedPaymentBodySchema, CombinedPaymentResponseSchema } from './combined-payment.schemas.ts';

export const combinedPaymentsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/payments/combined',
    summary: 'One Bold checkout link for several unpaid items of one seller (201)',
    tag: 'payments',
    auth: 'user',
    body: CombinedPaymentBodySchema,
    responses: {
      201: CombinedPaymentResponseSchema,
      ...errorResponses,
      502: errorResponses[400],
      504: errorResponses[400],
    },
    errorCodes: [
      'VALIDATION_FAILED',
      'PAYMENT_NOT_FOUND',
      'DIFFERENT_SELLERS',
      'NOT_COMBINABLE',
      'PAYMENT_CONFIRMED',
      'PAYMENT_EXPIRED',
      'PAYMENT_CANCELLED',
      'PAYMENT_PROCESSING',
      'NOT_AVAILABLE',
      'RESERVED',
      'DEFAULT_ADDRESS_REQUIRED',
      'PAYMENT_PROVIDER_FAILED',
      'PAYMENT_PROVIDER_TIMEOUT',
    ],
  }),
};
