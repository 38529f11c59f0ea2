import { type ClaimRole, claimMessages as messages } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { cancelPayout } from '../payments/payout-states.service.ts';
import { recordRefund } from '../payments/refunds.service.ts';
import { isOperator } from '../users/users.service.ts';
import { claimNotFound } from './claim-views.ts';
import { claimsRepository as repo } from './claims.repository.ts';

type ClaimRow = NonNullable<Awaited<ReturnType<typeof repo.lockClaim>>>;
type SaleRow = Awaited<ReturnType<typeof repo.lockSale>>;

/** The caller's part in a claim; anyone who is neither party nor operator: not found. */
export async function roleIn(
  d: Database,
  claim: { buyer_id: number; seller_id: number },
  userId: number,
): Promise<ClaimRole> {
  if (claim.buyer_id === userId) return 'buyer';
  if (claim.seller_id === userId) return 'seller';
  if (await isOperator(d, userId)) return 'operator';
  throw claimNotFound();
}

/** A claim (unlocked read) whose sale and claim rows are then locked in that order. */
export async function lockClaimAndSale(
  trx: Database,
  claimId: number,
): Promise<{ claim: ClaimRow; sale: SaleRow }> {
  const seen = await repo.findClaim(trx, claimId);
  if (!seen) throw claimNotFound();
  const sale = await repo.lockSale(trx, seen.payment_id);
  const claim = await repo.lockClaim(trx, claimId);
  if (!claim) throw claimNotFound();
  return { claim, sale };
}

/**
 * Gives the buyer the whole payment back through the processor's refund path (a durable
 * refund record, sent and retried by the refunds job) and cancels the payout, in the caller's
 * transaction, with the claim and sale rows already locked. A paid payout cannot be cancelled.
 */
export async function refundIn(
  trx: Database,
  claim: ClaimRow,
  sale: SaleRow,
  by: { userId: number; note: string | null },
  now: Date,
) {
  const payout = await repo.lockPayout(trx, sale.id);
  if (payout?.status === 'paid') throw conflict('PAYOUT_ALREADY_PAID', messages.payoutAlreadyPaid);
  await recordRefund(trx, {
    payment: { id: sale.id, buyer_id: sale.buyer_id, provider: sale.provider, currency: sale.currency },
    transactionId: sale.provider_tx_id,
    amountCentavos: Number(sale.amount),
    productName: sale.product_name,
    reason: `Reclamo #${claim.id} reembolsado.`,
    now,
    notice: null,
  });
  await cancelPayout(trx, sale.id, now);
  await repo.setStatus(trx, claim.id, {
    status: 'refunded',
    resolved_at: now,
    resolved_by: by.userId,
    resolution_note: by.note,
    now,
  });
}
