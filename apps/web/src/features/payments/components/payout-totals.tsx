import { formatMoney, paymentMessages as m, type SellerPayment } from '@app/contracts';
import styles from './payments.module.css';

/** What is held until delivery and what is already payable, side by side. */
export function PayoutTotals({ payouts }: { payouts: SellerPayment[] }) {
  const sum = (status: string) =>
    payouts.filter((p) => p.status === status).reduce((total, p) => total + p.payable_amount, 0);
  const currency = payouts[0]?.currency ?? 'COP';
  return (
    <dl className={styles.payoutTotals} aria-label="Totales de pagos">
      <div>
        <dt>{m.payoutHeldTotal}</dt>
        <dd data-total="held">{formatMoney(Math.round(sum('held') * 100) / 100, currency)}</dd>
      </div>
      <div>
        <dt>{m.payoutPayableTotal}</dt>
        <dd data-total="payable">{formatMoney(Math.round(sum('payable') * 100) / 100, currency)}</dd>
      </div>
    </dl>
  );
}
