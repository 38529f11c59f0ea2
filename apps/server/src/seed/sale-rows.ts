import { computeCommission } from '@app/contracts';
import type { Database } from '../platform/db.ts';

const DAY = 24 * 3600 * 1000;

/**
 * The payment of a demo sale already delivered: confirmed at `paidAt`, shipped a day later,
 * delivered at `deliveredAt`. Amounts in centavos.
 */
function deliveredPaymentRow(sale: {
  kind: 'buy_now' | 'auction';
  productId: number;
  buyerId: number;
  sellerId: number;
  amount: number;
  provider: string;
  paidAt: Date;
  deliveredAt: Date;
}) {
  return {
    kind: sale.kind,
    product_id: sale.productId,
    buyer_id: sale.buyerId,
    seller_id: sale.sellerId,
    amount: sale.amount,
    status: 'confirmed' as const,
    provider: sale.provider,
    confirmed_at: sale.paidAt,
    shipping_status: 'delivered' as const,
    shipped_at: new Date(sale.paidAt.getTime() + DAY),
    delivered_at: sale.deliveredAt,
    expires_at: sale.paidAt,
    created_at: sale.paidAt,
    updated_at: sale.deliveredAt,
  };
}

/** The seller's payout of a demo sale, already transferred at `paidOutAt` under `reference`. */
function paidPayoutRow(payout: {
  sellerId: number;
  paymentId: string;
  productId: number;
  amount: number;
  commissionRate: number;
  createdAt: Date;
  paidOutAt: Date;
  reference: string;
  payableSince?: Date;
}) {
  const { commission, payable } = computeCommission(payout.amount, payout.commissionRate);
  return {
    seller_id: payout.sellerId,
    payment_id: payout.paymentId,
    product_id: payout.productId,
    product_amount: payout.amount,
    commission_amount: commission,
    payment_processor_fee: 0,
    payable_amount: payable,
    status: 'paid' as const,
    ...(payout.payableSince ? { payable_since: payout.payableSince } : {}),
    paid_at: payout.paidOutAt,
    reference: payout.reference,
    created_at: payout.createdAt,
    updated_at: payout.paidOutAt,
  };
}

/** Inserts the payment of a demo sale already delivered (see deliveredPaymentRow). */
export function insertDeliveredPayment(trx: Database, sale: Parameters<typeof deliveredPaymentRow>[0]) {
  return trx
    .insertInto('payments')
    .values(deliveredPaymentRow(sale))
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Inserts a demo sale's payout, already transferred (see paidPayoutRow). */
export function insertPaidPayout(trx: Database, payout: Parameters<typeof paidPayoutRow>[0]) {
  return trx.insertInto('payouts').values(paidPayoutRow(payout)).returning('id').executeTakeFirstOrThrow();
}
