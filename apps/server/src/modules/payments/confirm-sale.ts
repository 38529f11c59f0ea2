import { computeCommission, formatCOPExact } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { toPesos } from '../../platform/money.ts';
import { createNotifications, type NewNotification } from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { defaultAddressForSale } from '../shipping/shipping-addresses.service.ts';
import type { PaymentOutcome } from './payment-outcome.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';

/**
 * The confirm-sale workflow, inside the caller's transaction (which holds the payment's lock):
 * the payment is confirmed with the buyer's default address recorded for shipping, the product
 * is sold, the seller's payout is created (held until delivery), and buyer and seller are told.
 * Returns the notifications to publish after the commit.
 */
export async function confirmSale(
  trx: Database,
  sale: { payment: PaymentRow; productName: string; outcome: PaymentOutcome; now: Date },
  config: Pick<Config, 'COMMISSION_RATE'>,
) {
  const { payment, productName, outcome, now } = sale;
  const address = await defaultAddressForSale(trx, payment.buyer_id);
  await repo.updatePayment(trx, payment.id, {
    status: 'confirmed',
    confirmed_at: now,
    provider_tx_id: outcome.transactionId ?? payment.provider_tx_id,
    shipping_address: address ? JSON.stringify(address) : null,
    status_note: null,
    updated_at: now,
  });
  await productLifecycle.sell(trx, payment.product_id, now);
  const { commission, payable } = computeCommission(payment.amount, config.COMMISSION_RATE);
  await repo.insertPayout(trx, {
    sellerId: payment.seller_id,
    paymentId: payment.id,
    productId: payment.product_id,
    productAmount: payment.amount,
    commission,
    processorFee: outcome.processorFeeCentavos ?? 0,
    payable,
    currency: payment.currency,
    now,
  });
  const amount = formatCOPExact(toPesos(payment.amount));
  const notices: NewNotification[] = [
    {
      userId: payment.buyer_id,
      type: 'payment_confirmed',
      title: 'Pago confirmado',
      message: `Tu pago de ${amount} por "${productName}" fue confirmado. El vendedor preparará el envío.`,
      link: payment.kind === 'buy_now' ? `/products/buy/${payment.product_id}` : '/auctions/won/',
    },
    {
      userId: payment.seller_id,
      type: 'item_sold',
      title: '¡Vendiste un producto!',
      message: `"${productName}" se vendió por ${amount}. Márcalo como enviado cuando lo despaches.`,
      link: '/products/sold/',
    },
  ];
  return createNotifications(trx, notices, now);
}
