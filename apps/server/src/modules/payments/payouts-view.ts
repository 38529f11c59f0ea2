import { claimWindowEndsAt, type SellerPayment } from '@app/contracts';
import { toPesos } from '../../platform/money.ts';
import type { sellerPayoutsRepository } from './seller-payouts.repository.ts';

type PayoutRow = Awaited<ReturnType<typeof sellerPayoutsRepository.listPayouts>>[number];

/** Why a held payout waits (see SellerPayment.hold); null for payable and paid ones. */
function payoutHold(row: PayoutRow, claimWindowDays: number): SellerPayment['hold'] {
  if (row.status !== 'held') return null;
  if (row.claim_refunded) return { reason: 'cancelled', until: null };
  if (row.in_claim) return { reason: 'claim', until: null };
  if (row.shipping_status === 'delivered' && row.delivered_at) {
    return {
      reason: 'claim_window',
      until: claimWindowEndsAt(row.delivered_at, claimWindowDays).toISOString(),
    };
  }
  return { reason: 'delivery', until: null };
}

/** A seller's payout as the payouts pages show it. */
export function toSellerPayment(row: PayoutRow, claimWindowDays: number): SellerPayment {
  return {
    id: row.id,
    payment_id: row.payment_id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_amount: toPesos(row.product_amount),
    commission_amount: toPesos(row.commission_amount),
    payment_processor_fee: toPesos(row.payment_processor_fee),
    payable_amount: toPesos(row.payable_amount),
    currency: row.currency,
    status: row.status,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    reference: row.reference,
    hold: payoutHold(row, claimWindowDays),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
