import { formatLongDate, formatMoney, type SellerPayment, shortPaymentId } from '@app/contracts';
import styles from './payments.module.css';
import { StatusBadge } from './payout-status-badge.tsx';

/** When a paid payout was transferred and the bank's reference, under its 'Pagado'. */
function PaidNote({ payment }: { payment: SellerPayment }) {
  if (payment.status !== 'paid') return null;
  return (
    <span className={styles.paidNote}>
      el {formatLongDate(payment.paid_at)}
      {payment.reference ? (
        <>
          {' '}
          · Ref. <span className={styles.mono}>{payment.reference}</span>
        </>
      ) : null}
    </span>
  );
}

/** One payout in the seller's list: a button that opens its detail. */
export function PayoutRow({ payment, onOpen }: { payment: SellerPayment; onOpen: () => void }) {
  const money = (value: number) => formatMoney(value, payment.currency);
  return (
    <li>
      <button type="button" className={styles.payoutRow} onClick={onOpen}>
        {/* Named by what it opens, then by its visible cells, so a spoken name matches the row. */}
        <span className="sr-only">
          Ver detalle del pago {shortPaymentId(payment.id)} de {payment.product_name}:{' '}
        </span>
        <span>
          <span className={styles.cellLabel}>ID</span>
          <span className={styles.mono}>{shortPaymentId(payment.id)}</span>
        </span>
        <span>
          <span className={styles.cellLabel}>Monto</span>
          {money(payment.product_amount)}
        </span>
        <span>
          <span className={styles.cellLabel}>Comisión</span>
          {money(payment.commission_amount)}
        </span>
        <span>
          <span className={styles.cellLabel}>Total a pagar</span>
          <strong>{money(payment.payable_amount)}</strong>
        </span>
        <span>
          <span className={styles.cellLabel}>Estado</span>
          <StatusBadge status={payment.status} hold={payment.hold} />
          <PaidNote payment={payment} />
        </span>
        <span>
          <span className={styles.cellLabel}>Fecha</span>
          {formatLongDate(payment.created_at)}
        </span>
      </button>
    </li>
  );
}
