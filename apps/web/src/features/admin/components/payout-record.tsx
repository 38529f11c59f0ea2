import {
  type AdminPayout,
  type AdminPayoutStatus,
  accountTypeLabels,
  adminMessages,
  adminPayoutStatusLabels,
  formatCOPExact,
  formatDateTime,
} from '@app/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import styles from './admin.module.css';

const STATUS_TONES: Record<AdminPayoutStatus, BadgeTone> = {
  payable: 'success',
  held: 'warning',
  paid: 'info',
  cancelled: 'neutral',
};

/** Where the money goes: the seller's bank account, or a warning that there is none. */
function BankCell({ payout }: { payout: AdminPayout }) {
  const bank = payout.bank;
  if (!bank) {
    return (
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Cuenta bancaria</span>
        <Badge tone="danger">{adminMessages.noBankAccount}</Badge>
      </div>
    );
  }
  const type = accountTypeLabels[bank.account_type as keyof typeof accountTypeLabels] ?? bank.account_type;
  return (
    <div className={styles.cell}>
      <span className={styles.cellLabel}>Cuenta bancaria</span>
      <span className={styles.strong}>{bank.bank_name}</span>
      <span>
        {type} <span className={styles.mono}>{bank.account_number}</span>
      </span>
      <span className={styles.small}>
        {bank.holder_name} · {bank.document_type} {bank.document_number}
      </span>
    </div>
  );
}
/** One payout in the operator's list, selectable while it is payable. */
export function PayoutRecord({
  payout,
  selectable,
  selected,
  onToggle,
}: {
  payout: AdminPayout;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const rowClass = [
    styles.record,
    selectable ? styles.payoutRecord : styles.payoutRecordNoSelect,
    selected ? styles.recordSelected : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={rowClass} data-payout-id={payout.id}>
      {selectable && (
        <label className={styles.check}>
          <input type="checkbox" checked={selected} onChange={onToggle} />
          <span className="sr-only">
            Seleccionar el pago de {payout.product_name} a {payout.seller_username}
          </span>
        </label>
      )}
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Vendedor</span>
        <span className={styles.strong}>{payout.seller_username}</span>
        <span className={styles.small}>{payout.seller_email}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Producto</span>
        <span>{payout.product_name}</span>
        <span className={styles.small}>
          Venta {formatCOPExact(payout.amount)} · comisión {formatCOPExact(payout.commission)}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>A pagar</span>
        <span className={styles.amount}>{formatCOPExact(payout.payable_amount)}</span>
        <span>
          <Badge tone={STATUS_TONES[payout.status]} data-status={payout.status}>
            {adminPayoutStatusLabels[payout.status]}
          </Badge>
        </span>
        {payout.status === 'paid' ? (
          <span className={styles.small}>
            {formatDateTime(payout.paid_at)} · Ref. <span className={styles.mono}>{payout.reference}</span>
          </span>
        ) : payout.payable_since ? (
          <span className={styles.small}>Desde {formatDateTime(payout.payable_since)}</span>
        ) : null}
      </div>
      <BankCell payout={payout} />
    </li>
  );
}
