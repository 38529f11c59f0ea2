import { z } from 'zod';
import { contactSafe, PageMetaSchema, PaginationQuerySchema } from '../common/schemas.ts';
import { commonMessages } from '../errors.ts';
import { TrackingSchema } from '../shipping/tracking.ts';
import { claimMessages } from './claim.messages.ts';
import { CLAIM_OUTCOMES, CLAIM_REASONS, CLAIM_ROLES, CLAIM_STATUSES } from './claim-reasons.ts';

// The lists live apart from the schemas so pages read them without zod.
export * from './claim-reasons.ts';

const productId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z
    .number({ error: claimMessages.productIdRequired })
    .int({ error: claimMessages.productIdRequired })
    .positive({ error: claimMessages.productIdRequired })
    .max(2_147_483_647, { error: claimMessages.productIdRequired, abort: true }),
);

/**
 * A person's text: trimmed, within bounds (the bounds' own messages), and without contact data:
 * a claim is settled on the platform, where the operator can read it.
 */
function boundedText(min: number, max: number, short: string, long: string) {
  return z
    .string({ error: short })
    .trim()
    .min(min, { error: short })
    .max(max, { error: long, abort: true })
    .check(contactSafe(max));
}

export const OpenClaimInputSchema = z.object({
  product_id: productId,
  reason: z.enum(CLAIM_REASONS, { error: claimMessages.reasonRequired }),
  description: boundedText(20, 1000, claimMessages.descriptionTooShort, claimMessages.descriptionTooLong),
});
export type OpenClaimInput = z.infer<typeof OpenClaimInputSchema>;
export type OpenClaimFormValues = z.input<typeof OpenClaimInputSchema>;

export const ClaimMessageInputSchema = z.object({
  text: boundedText(1, 1000, claimMessages.messageRequired, claimMessages.messageTooLong),
});
export type ClaimMessageInput = z.infer<typeof ClaimMessageInputSchema>;

export const ResolveClaimInputSchema = z.object({
  outcome: z.enum(CLAIM_OUTCOMES, { error: claimMessages.outcomeRequired }),
  note: boundedText(1, 1000, claimMessages.noteRequired, claimMessages.messageTooLong),
});
export type ResolveClaimInput = z.infer<typeof ResolveClaimInputSchema>;

export const ClaimMessageSchema = z.object({
  author_role: z.enum(CLAIM_ROLES),
  username: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type ClaimMessage = z.infer<typeof ClaimMessageSchema>;

/** `GET /api/claims/{id}`: a claim and its conversation, oldest message first. */
export const ClaimSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  reason: z.enum(CLAIM_REASONS),
  description: z.string(),
  status: z.enum(CLAIM_STATUSES),
  opened_at: z.string(),
  seller_respond_by: z.string(),
  messages: z.array(ClaimMessageSchema),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** What the claim page shows around the claim: who is looking, the parties, the shipment. */
export const ClaimContextSchema = z.object({
  claim_id: z.number(),
  /** The caller's part in this claim (an operator who is not a party: `operator`). */
  role: z.enum(CLAIM_ROLES),
  buyer_username: z.string(),
  seller_username: z.string(),
  amount: z.number(),
  currency: z.string(),
  shipping_status: z.string(),
  tracking: TrackingSchema.nullable(),
  /** From when the buyer may escalate an open claim (the seller's time to refund has passed). */
  buyer_can_escalate_from: z.string(),
});
export type ClaimContext = z.infer<typeof ClaimContextSchema>;

export const ClaimActionResponseSchema = z.object({ message: z.string(), claim: ClaimSchema });
export type ClaimActionResponse = z.infer<typeof ClaimActionResponseSchema>;

/** One line of `GET /api/claims/mine`. */
export const ClaimSummarySchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  reason: z.enum(CLAIM_REASONS),
  status: z.enum(CLAIM_STATUSES),
  opened_at: z.string(),
  seller_respond_by: z.string(),
  role: z.enum(['buyer', 'seller']),
  /** The seller when the caller is the buyer, and the other way round. */
  other_username: z.string(),
});
export type ClaimSummary = z.infer<typeof ClaimSummarySchema>;

export const MyClaimsQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(20),
});
export const MyClaimsResponseSchema = z.object({ items: z.array(ClaimSummarySchema), meta: PageMetaSchema });
export type MyClaimsResponse = z.infer<typeof MyClaimsResponseSchema>;

/** The console's list: `active` (the default) is open and escalated together. */
export const ADMIN_CLAIM_FILTERS = ['active', ...CLAIM_STATUSES] as const;
export const AdminClaimsQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(20),
  status: z.enum(ADMIN_CLAIM_FILTERS, { error: commonMessages.invalidInput }).default('active'),
});

export const AdminClaimSchema = ClaimSummarySchema.omit({ role: true, other_username: true }).extend({
  description: z.string(),
  buyer_username: z.string(),
  seller_username: z.string(),
  amount: z.number(),
  currency: z.string(),
  escalated_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
export const AdminClaimsResponseSchema = z.object({ items: z.array(AdminClaimSchema), meta: PageMetaSchema });
export type AdminClaimsResponse = z.infer<typeof AdminClaimsResponseSchema>;
