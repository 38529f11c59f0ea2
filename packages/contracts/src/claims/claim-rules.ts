import type { ClaimStatus } from './claim-reasons.ts';

/** Default claim window after delivery (the server's `CLAIM_WINDOW_DAYS`). */
export const DEFAULT_CLAIM_WINDOW_DAYS = 7;
/** The seller's time to refund before the buyer may escalate. */
export const SELLER_RESPONSE_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

/** Until when a delivered purchase may be claimed (the last moment included). */
export function claimWindowEndsAt(deliveredAt: Date, windowDays: number): Date {
  return new Date(deliveredAt.getTime() + windowDays * DAY_MS);
}

export function sellerRespondBy(openedAt: Date): Date {
  return new Date(openedAt.getTime() + SELLER_RESPONSE_DAYS * DAY_MS);
}

export type ClaimEligibility = 'eligible' | 'not_shipped' | 'window_over' | 'claim_active' | 'refunded';

/**
 * Whether the buyer may open a claim now: a shipped purchase, or a delivered one up to the end
 * of its window; not while another claim of it is open, nor after a refund. A claim that ended
 * without a refund does not stop a new one inside the window.
 */
export function claimEligibility(
  purchase: { shipping_status: string; claim_window_ends_at: string | Date | null },
  latestClaim: { status: ClaimStatus } | null,
  now: Date,
): ClaimEligibility {
  if (latestClaim?.status === 'refunded') return 'refunded';
  if (latestClaim && (latestClaim.status === 'open' || latestClaim.status === 'escalated'))
    return 'claim_active';
  if (purchase.shipping_status === 'shipped') return 'eligible';
  if (purchase.shipping_status !== 'delivered') return 'not_shipped';
  if (!purchase.claim_window_ends_at) return 'window_over';
  return now.getTime() <= new Date(purchase.claim_window_ends_at).getTime() ? 'eligible' : 'window_over';
}

/** The buyer escalates an open claim once the seller's time has passed; the seller at any time. */
export function canEscalate(
  role: 'buyer' | 'seller' | 'operator',
  claim: { status: ClaimStatus; seller_respond_by: string | Date },
  now: Date,
): boolean {
  if (claim.status !== 'open') return false;
  if (role === 'seller') return true;
  if (role === 'buyer') return now.getTime() >= new Date(claim.seller_respond_by).getTime();
  return false;
}

/** Badge tone of a claim: waiting ones stand out, a refund is good news for the buyer. */
export function claimStatusTone(status: ClaimStatus): 'warning' | 'danger' | 'success' | 'neutral' {
  switch (status) {
    case 'open':
      return 'warning';
    case 'escalated':
      return 'danger';
    case 'refunded':
      return 'success';
    default:
      return 'neutral';
  }
}
