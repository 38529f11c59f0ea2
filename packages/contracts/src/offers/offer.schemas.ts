import { z } from 'zod';
import { wholePesos } from '../common/money.schemas.ts';
import { contactSafe, PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';
import { offerMessages as m } from './offer.messages.ts';

export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const MAX_ID = 2_147_483_647;

/** POST /api/offers. */
export const CreateOfferSchema = z.object({
  product_id: z
    .number({ error: m.productNotFound })
    .int({ error: m.productNotFound })
    .min(1, { error: m.productNotFound })
    .max(MAX_ID, { error: m.productNotFound }),
  amount: wholePesos(m.amountInvalid),
  message: z
    .string({ error: m.messageTooLong })
    .trim()
    .max(500, { error: m.messageTooLong })
    .check(contactSafe(500))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateOfferInput = z.infer<typeof CreateOfferSchema>;
export type CreateOfferPayload = z.input<typeof CreateOfferSchema>;

/** POST /api/offers/{id}/counter. */
export const CounterOfferSchema = z.object({ amount: wholePesos(m.amountInvalid) });
export type CounterOfferInput = z.infer<typeof CounterOfferSchema>;

/** One offer as either side sees it; amounts in COP. */
export const OfferSchema = z.object({
  id: z.number(),
  /** Which side of it the reader is on. */
  role: z.enum(['buyer', 'seller']),
  product_id: z.number(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  sell_price: z.number().nullable(),
  buyer_username: z.string(),
  seller_username: z.string(),
  amount: z.number(),
  /** The seller's counter-offer, when there is one. */
  counter_amount: z.number().nullable(),
  message: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  expires_at: z.string(),
  /** The pending payment an accepted offer gave the buyer. */
  payment_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferAnswerSchema = z.object({ message: z.string(), offer: OfferSchema });
export type OfferAnswer = z.infer<typeof OfferAnswerSchema>;

export const MyOffersQuerySchema = PaginationQuerySchema.extend({
  role: z.enum(['buyer', 'seller']).optional(),
});
export const OfferPageSchema = z.object({ items: z.array(OfferSchema), meta: PageMetaSchema });
export type OfferPage = z.infer<typeof OfferPageSchema>;
