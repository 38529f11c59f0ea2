/**
 * A claim's reasons, states, roles and outcomes as plain lists: the claim dialogs and badges read
 * them without loading the zod schemas that validate a claim.
 */
export const CLAIM_REASONS = ['no_llego', 'no_coincide', 'danado'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];
export const CLAIM_STATUSES = ['open', 'escalated', 'refunded', 'released'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** Open and escalated claims still wait for a refund or a decision. */
export const ACTIVE_CLAIM_STATUSES = ['open', 'escalated'] as const satisfies readonly ClaimStatus[];
export const CLAIM_ROLES = ['buyer', 'seller', 'operator'] as const;
export type ClaimRole = (typeof CLAIM_ROLES)[number];
export const CLAIM_OUTCOMES = ['refund', 'release'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];
