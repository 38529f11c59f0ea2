import { z } from 'zod';
import { COMBINED_PAYMENT_MAX_ITEMS, combinedPaymentMessages } from './combined-payment.messages.ts';
import { PaymentLinkResponseSchema } from './payment.schemas.ts';

export const CombinedPaymentBodySchema = z.object({
  payment_ids: z
    .array(z.string().max(64), { error: combinedPaymentMessages.invalidIds })
    .min(2, { error: combinedPaymentMessages.atLeastTwo })
    .max(COMBINED_PAYMENT_MAX_ITEMS, { error: combinedPaymentMessages.tooMany }),
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
