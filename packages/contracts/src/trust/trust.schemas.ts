import { z } from 'zod';
import { PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';
import { REPUTATION_LEVELS } from './reputation.ts';
import { trustMessages as messages } from './trust.messages.ts';

export const ReputationSchema = z.object({
  level: z.enum(['nuevo', ...REPUTATION_LEVELS]),
  period_days: z.number().int(),
  sales: z.number().int(),
  claims_rate: z.number(),
  late_shipping_rate: z.number(),
  cancellation_rate: z.number(),
});

/** `POST /api/sellers/blocked`. */
export const BlockBuyerSchema = z.object({
  username: z
    .string({ error: messages.usernameRequired })
    .trim()
    .min(1, { error: messages.usernameRequired })
    .max(60, { error: messages.userNotFound, abort: true }),
});

export const BlockedUsernameParamsSchema = z.object({
  username: z.string().min(1).max(60, { error: messages.userNotFound }),
});

export const BlockedBuyersQuerySchema = PaginationQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const BlockedBuyerSchema = z.object({
  username: z.string(),
  avatar: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedBuyer = z.infer<typeof BlockedBuyerSchema>;

export const BlockedBuyersResponseSchema = z.object({
  items: z.array(BlockedBuyerSchema),
  meta: PageMetaSchema,
});
export type BlockedBuyersResponse = z.infer<typeof BlockedBuyersResponseSchema>;

export const TrustMessageSchema = z.object({ message: z.string() });

export const ClearStrikesResponseSchema = z.object({
  message: z.string(),
  /** Strikes cleared by this call. */
  cleared: z.number().int(),
  unpaid_strikes: z.number().int(),
});

export const SIGNAL_KINDS = ['shared_address', 'bid_concentration'] as const;

export const SignalsQuerySchema = PaginationQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const SignalSchema = z.object({
  seller_id: z.number(),
  seller_username: z.string(),
  bidder_id: z.number(),
  bidder_username: z.string(),
  /** Which of the two signals the pair shows (one or both). */
  kinds: z.array(z.enum(SIGNAL_KINDS)),
  /** The seller's products the bidder bid on. */
  products: z.array(
    z.object({ id: z.number(), name: z.string(), link: z.string(), taken_down: z.boolean() }),
  ),
  evidence: z.object({
    /** Client addresses both used within the last 30 days. */
    shared_addresses: z.array(z.string()),
    /** The bidder's bids on this seller's products, all their bids, and whether they ever won. */
    bids_to_seller: z.number().int(),
    bids_total: z.number().int(),
    bid_share: z.number(),
    ever_won: z.boolean(),
  }),
  confirmed: z.boolean(),
});
export type Signal = z.infer<typeof SignalSchema>;

export const SignalsResponseSchema = z.object({ items: z.array(SignalSchema), meta: PageMetaSchema });
export type SignalsResponse = z.infer<typeof SignalsResponseSchema>;

export const ConfirmPairSchema = z.object({
  seller_username: z.string({ error: messages.usernameRequired }).trim().min(1).max(60),
  bidder_username: z.string({ error: messages.usernameRequired }).trim().min(1).max(60),
});

export const ConfirmPairResponseSchema = z.object({
  message: z.string(),
  voided_bids: z.number().int(),
});
