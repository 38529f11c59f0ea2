import { z } from 'zod';
import { PaginationQuerySchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  BuyProductResponseSchema,
  PaymentLinkResponseSchema,
  PaymentVerificationSchema,
  SellerPaymentDetailSchema,
  SellerPaymentSchema,
  WonAuctionItemSchema,
} from './payment.schemas.ts';

const ListQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(100),
});
const PaymentParamsSchema = z.object({ paymentId: z.string().max(64) });

const createLink = {
  path: '/api/bold/create/:paymentId',
  summary: 'A Bold checkout link for a won item (201; a usable link is reused)',
  tag: 'payments',
  auth: 'user',
  params: PaymentParamsSchema,
  errorCodes: [
    'PAYMENT_NOT_FOUND',
    'PAYMENT_CONFIRMED',
    'PAYMENT_EXPIRED',
    'DEFAULT_ADDRESS_REQUIRED',
    'PAYMENT_PROVIDER_FAILED',
    'PAYMENT_PROVIDER_TIMEOUT',
  ],
  responses: {
    201: PaymentLinkResponseSchema,
    ...errorResponses,
    502: errorResponses[400],
    504: errorResponses[400],
  },
} as const;

export const paymentsEndpoints = {
  wonItems: defineEndpoint({
    method: 'GET',
    path: '/api/payments/get_payments_by_user_id',
    summary: "The buyer's won-auction items and their payment state",
    tag: 'payments',
    auth: 'user',
    query: ListQuerySchema,
    responses: { 200: z.array(WonAuctionItemSchema), 400: errorResponses[400], 401: errorResponses[401] },
  }),
  createLink: defineEndpoint({ ...createLink, method: 'GET', writes: true }),
  createLinkPost: defineEndpoint({ ...createLink, method: 'POST' }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/api/bold/verify/:paymentId',
    // Asking Bold about an unconfirmed payment may confirm it.
    writes: true,
    summary: 'The payment as the server knows it (with Bold, an unconfirmed one is asked about)',
    tag: 'payments',
    auth: 'user',
    params: PaymentParamsSchema,
    errorCodes: ['PAYMENT_NOT_FOUND'],
    responses: { 200: PaymentVerificationSchema, ...errorResponses },
  }),
  buyProduct: defineEndpoint({
    method: 'GET',
    path: '/api/bold/buy_product/:productId',
    writes: true,
    summary: 'Reserves a buy-now product for the buyer and answers its checkout link',
    tag: 'payments',
    auth: 'user',
    // Anything but a product id is "not found", checked by the route.
    params: z.object({ productId: z.string().max(16) }),
    responses: {
      200: BuyProductResponseSchema,
      ...errorResponses,
      502: errorResponses[400],
      504: errorResponses[400],
    },
    errorCodes: [
      'PRODUCT_NOT_FOUND',
      'OWN_PRODUCT',
      'NOT_BUYABLE',
      'NOT_AVAILABLE',
      'DEFAULT_ADDRESS_REQUIRED',
      'RESERVED',
      'PAYMENT_PROVIDER_FAILED',
      'PAYMENT_PROVIDER_TIMEOUT',
      'BUYER_BLOCKED',
      'BUYER_STRUCK_OUT',
      'SELLER_AWAY',
    ],
    // A retried click reserves the product once (a 502/504 from Bold is not kept: it runs again).
    idempotent: true,
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/bold/webhook',
    summary: "Bold's payment events, signed over the raw body (x-bold-signature)",
    tag: 'payments',
    auth: 'none',
    errorCodes: ['INVALID_NOTIFICATION'],
    responses: {
      200: z.object({ received: z.literal(true), result: z.string() }),
      400: errorResponses[400],
      401: errorResponses[401],
      413: errorResponses[400],
    },
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/api/pending-payments/seller',
    summary: "The seller's payouts: held until delivery, then payable",
    tag: 'payments',
    auth: 'user',
    query: ListQuerySchema,
    responses: { 200: z.array(SellerPaymentSchema), 400: errorResponses[400], 401: errorResponses[401] },
  }),
  payout: defineEndpoint({
    method: 'GET',
    path: '/api/pending-payments/get/:id',
    summary: 'One of the seller’s payouts with its product',
    tag: 'payments',
    auth: 'user',
    params: z.object({ id: z.string().max(64) }),
    errorCodes: ['PAYOUT_NOT_FOUND'],
    responses: { 200: SellerPaymentDetailSchema, ...errorResponses },
  }),
};
