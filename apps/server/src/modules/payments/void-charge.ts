import { paymentMessages as messages } from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import type { PaymentOutcome } from './payment-outcome.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import { settleRefunds } from './refunds.service.ts';

/**
 * The processor voided a charge of this payment: our own refund confirmed, or a refund made in
 * Bold's panel of a confirmed sale, whose payout is then held and the seller told. Answers the
 * notifications to publish after the commit.
 */
export async function voidCharge(trx: Database, payment: PaymentRow, outcome: PaymentOutcome, now: Date) {
  const tx = outcome.transactionId;
  const refunded = await settleRefunds(trx, {
    paymentId: payment.id,
    transactionId: tx,
    outcome: 'done',
    now,
  });
  const voidsSale =
    payment.status === 'confirmed' && (!tx || !payment.provider_tx_id || tx === payment.provider_tx_id);
  if (!voidsSale) return refunded;
  await repo.updatePayment(trx, payment.id, { status_note: messages.paymentVoided, updated_at: now });
  if (!(await repo.holdVoidedPayout(trx, payment.id, now))) return refunded;
  const productName = await repo.productName(trx, payment.product_id);
  const sellerNotice = await createNotifications(
    trx,
    [
      {
        userId: payment.seller_id,
        type: 'payment_voided',
        title: 'Pago anulado',
        message: `El cobro de "${productName}" fue anulado en Bold. El pago de esta venta queda retenido: revisa la venta antes de enviar o entregar el producto.`,
        link: '/seller/payments',
      },
    ],
    now,
  );
  return [...refunded, ...sellerNotice];
}
