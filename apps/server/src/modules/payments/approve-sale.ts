import { paymentMessages as messages } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import type { createNotifications } from '../notifications/notifications.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { confirmSale } from './confirm-sale.ts';
import type { PaymentOutcome } from './payment-outcome.ts';
import { type PaymentRow, paymentsRepository as repo } from './payments.repository.ts';
import { recordRefund } from './refunds.service.ts';

/** What applying one approved charge did, and the notifications to publish after the commit. */
export interface Applied<R extends string> {
  result: R;
  created: Awaited<ReturnType<typeof createNotifications>>;
}

/**
 * A charge the processor approved, inside the transaction that holds the payment's lock: the
 * sale is confirmed when the amount is right and the product is still this buyer's to buy;
 * otherwise the charge is recorded as refused and refunded (a second charge of a paid order too).
 */
export async function approveSale(
  trx: Database,
  input: { payment: PaymentRow; outcome: PaymentOutcome; now: Date },
  config: Pick<Config, 'COMMISSION_RATE'>,
): Promise<Applied<'unchanged' | 'not_confirmed' | 'confirmed'>> {
  const { payment, outcome, now } = input;
  const chargedCentavos = outcome.paidPesos !== null ? outcome.paidPesos * 100 : payment.amount;

  if (payment.status === 'confirmed') {
    if (outcome.transactionId && payment.provider_tx_id && outcome.transactionId !== payment.provider_tx_id) {
      // A second charge for an order already paid: given back, never a second payout.
      const notices = await recordRefund(trx, {
        payment,
        transactionId: outcome.transactionId,
        amountCentavos: chargedCentavos,
        productName: await repo.productName(trx, payment.product_id),
        reason: messages.duplicateCharge,
        now,
      });
      return { result: 'not_confirmed', created: notices };
    }
    return { result: 'unchanged', created: [] };
  }

  const keepStatus = payment.status === 'expired' || payment.status === 'cancelled';
  /**
   * Charged but not sold to this buyer: recorded as refused and refunded through the processor.
   * `keepReservation`: the charge was wrong, not the checkout (an underpaid or other-currency
   * charge). A buy-now checkout then stays pending, so the product stays reserved for this
   * buyer until its 30-minute window ends and they can still pay the right amount on the same
   * link; freeing it at once let another buyer in and turned that later payment into a refund.
   */
  const refuse = async (note: string, { keepReservation = false } = {}) => {
    const holdsReservation =
      keepReservation &&
      payment.kind !== 'auction' &&
      (payment.status === 'pending' || payment.status === 'processing');
    await repo.updatePayment(trx, payment.id, {
      status: keepStatus ? payment.status : holdsReservation ? 'pending' : 'rejected',
      status_note: note,
      provider_tx_id: outcome.transactionId ?? payment.provider_tx_id,
      updated_at: now,
    });
    const notices = await recordRefund(trx, {
      payment,
      transactionId: outcome.transactionId ?? payment.provider_tx_id,
      amountCentavos: chargedCentavos,
      productName: await repo.productName(trx, payment.product_id),
      reason: note,
      now,
    });
    return { result: 'not_confirmed' as const, created: notices };
  };

  const amountMatches =
    (outcome.paidPesos === null || outcome.paidPesos * 100 === payment.amount) &&
    (!outcome.currency || outcome.currency.toUpperCase() === payment.currency);
  if (!amountMatches) return refuse(messages.amountMismatch, { keepReservation: true });

  const product = await repo.lockProduct(trx, payment.product_id);
  if (!product) return refuse(messages.notAvailable);
  const purchasable =
    payment.status !== 'cancelled' &&
    // A won item's or accepted offer's window that has expired is over for this buyer.
    !(payment.kind !== 'buy_now' && payment.status === 'expired') &&
    !(await repo.hasConfirmedPayment(trx, product.id)) &&
    (payment.kind === 'auction'
      ? product.status === 'in_auction' && product.auction_id === payment.auction_id
      : product.status === 'available' &&
        product.can_be_bought &&
        // A late charge must not take the product from another buyer's open checkout.
        !(await productLifecycle.inCheckout(trx, [product.id], now, payment.buyer_id)));
  if (!purchasable) {
    const soldElsewhere = ['sold', 'shipped', 'delivered'].includes(product.status);
    return refuse(
      soldElsewhere || payment.kind === 'buy_now' ? messages.soldToAnother : messages.noLongerReserved,
    );
  }
  const notices = await confirmSale(trx, { payment, productName: product.name, outcome, now }, config);
  return { result: 'confirmed', created: notices };
}
