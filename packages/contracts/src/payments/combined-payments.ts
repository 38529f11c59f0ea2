import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { PaymentLinkResponseSchema } from './payment.schemas.ts';

/** The answers of paying several items of one seller together, in the payments module's words. */
export const combinedPaymentMessages = {
  atLeastTwo: 'Selecciona al menos dos artículos para pagarlos juntos.',
  tooMany: 'Puedes pagar juntos hasta 20 artículos.',
  invalidIds: 'Los artículos seleccionados no son válidos.',
  duplicateIds: 'Seleccionaste el mismo artículo más de una vez.',
  notYours: 'Uno de los artículos no es tuyo.',
  differentSellers: 'Solo puedes pagar juntos artículos del mismo vendedor.',
  notCombinable: 'Solo se pagan juntos artículos ganados en subasta u ofertas aceptadas.',
  itemNotPayable: (name: string, reason: string) => `"${name}": ${reason}`,
  linkCreated: 'Link de pago conjunto generado correctamente.',
  itemUnavailable:
    'Uno de los artículos ya no estaba disponible. Tu pago conjunto será reembolsado completo.',
  amountMismatch: 'El monto cobrado no coincide con el total de los artículos. Tu pago será reembolsado.',
} as const;

export const CombinedPaymentBodySchema = z.object({
  payment_ids: z
    .array(z.string().max(64), { error: combinedPaymentMessages.invalidIds })
    .min(2, { error: combinedPaymentMessages.atLeastTwo })
    .max(20, { error: combinedPaymentMessages.tooMany }),
});
export type CombinedPaymentBody = z.infer<typeof CombinedPaymentBodySchema>;

/**
 * Like a single payment's checkout answer (the link under the same names), with the combined
 * payment's id as `payment_id`, the items it pays and their sum.
 */
export const CombinedPaymentResponseSchema = PaymentLinkResponseSchema.extend({
  payment_ids: z.array(z.string()),
  amount: z.number(),
  currency: z.string(),
});
export type CombinedPaymentResponse = z.infer<typeof CombinedPaymentResponseSchema>;

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
      'NOT_YOUR_PAYMENT',
      'DIFFERENT_SELLERS',
      'NOT_COMBINABLE',
      'PAYMENT_CONFIRMED',
      'PAYMENT_EXPIRED',
      'PAYMENT_CANCELLED',
      'PAYMENT_PROCESSING',
      'NOT_AVAILABLE',
      'DEFAULT_ADDRESS_REQUIRED',
      'PAYMENT_PROVIDER_FAILED',
      'PAYMENT_PROVIDER_TIMEOUT',
    ],
  }),
};
