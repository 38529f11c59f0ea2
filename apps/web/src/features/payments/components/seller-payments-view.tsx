import {
  accountTypeLabels,
  type BankAccount,
  formatDateTime,
  formatLongDate,
  formatMoney,
  paymentMessages as m,
  payoutHoldLabel,
  payoutStatusTone,
  type SellerPayment,
  shortPaymentId,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { reloadSellerBankAccount, useSellerBankAccount } from '../api/seller-bank-account.ts';
import { useSellerPayment, useSellerPayments } from '../api/seller-payments.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import styles from './payments.module.css';

/** After a save the form closes and the data reloads this much later. */
const RELOAD_DELAY_MS = 2000;

/** A held payout says why it waits: the delivery, the claim window (until when), a claim. */
function StatusBadge({ status, hold }: { status: string; hold?: SellerPayment['hold'] }) {
  return (
    <Badge tone={payoutStatusTone(status)} data-status={status}>
      {payoutHoldLabel(status, hold, formatLongDate)}
    </Badge>
  );
}

/** Shows only the last four digits on the card; the edit form has the whole number. */
function maskedNumber(value: string): string {
  return value.length > 4 ? `•••• ${value.slice(-4)}` : value;
}

function BankAccountCard({ account, onEdit }: { account: BankAccount; onEdit: () => void }) {
  return (
    <div className="stack">
      <div className={styles.sectionHead}>
        <p className={styles.hint}>{account.bank_name}</p>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onEdit}
          aria-label="Editar cuenta bancaria"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-4-4L4 16v4z M13.5 6.5l4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      <dl className={styles.accountGrid}>
        <div>
          <dt>Tipo de cuenta</dt>
          <dd>{accountTypeLabels[account.account_type]}</dd>
        </div>
        <div>
          <dt>Número de cuenta</dt>
          <dd className={styles.mono}>{maskedNumber(account.account_number)}</dd>
        </div>
        <div>
          <dt>Titular</dt>
          <dd>{account.account_name}</dd>
        </div>
        <div>
          <dt>Documento</dt>
          <dd>
            {account.account_document_type} {account.account_document_number}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function PayoutDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useSellerPayment(id);
  return (
    <Modal open onClose={onClose} title="Detalle del pago">
      {detail.isPending ? (
        <Spinner label="Cargando detalles del pago..." />
      ) : detail.isError ? (
        <Alert kind="error">{m.paymentDetailLoadError}</Alert>
      ) : (
        <div className="stack">
          <div className={styles.detailProduct}>
            <SafeImage src={detail.data.product.image ?? undefined} alt={detail.data.product.name} />
            <p className={styles.hint}>{detail.data.product.name}</p>
          </div>
          <dl className={styles.detailGrid}>
            <dt>ID del pago</dt>
            <dd className={styles.mono}>{detail.data.payment.id}</dd>
            <dt>Estado</dt>
            <dd>
              <StatusBadge status={detail.data.payment.status} hold={detail.data.payment.hold} />
            </dd>
            <dt>Monto del producto</dt>
            <dd>{formatMoney(detail.data.payment.product_amount, detail.data.payment.currency)}</dd>
            <dt>Comisión</dt>
            <dd>{formatMoney(detail.data.payment.commission_amount, detail.data.payment.currency)}</dd>
            <dt>Tarifa del procesador</dt>
            <dd>{formatMoney(detail.data.payment.payment_processor_fee, detail.data.payment.currency)}</dd>
            <dt>Total a pagar</dt>
            <dd>{formatMoney(detail.data.payment.payable_amount, detail.data.payment.currency)}</dd>
            {detail.data.payment.status === 'paid' && (
              <>
                <dt>Pagado el</dt>
                <dd>{formatDateTime(detail.data.payment.paid_at)}</dd>
                <dt>Referencia de la transferencia</dt>
                <dd className={styles.mono}>{detail.data.payment.reference ?? 'N/A'}</dd>
              </>
            )}
            <dt>Creado</dt>
            <dd>{formatDateTime(detail.data.payment.created_at)}</dd>
            <dt>Actualizado</dt>
            <dd>{formatDateTime(detail.data.payment.updated_at)}</dd>
          </dl>
        </div>
      )}
    </Modal>
  );
}

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

function PayoutRow({ payment, onOpen }: { payment: SellerPayment; onOpen: () => void }) {
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

/** What is held until delivery and what is already payable, side by side. */
function PayoutTotals({ payouts }: { payouts: SellerPayment[] }) {
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

/** /seller/payments: the seller's bank account (one) and payouts. */
export function SellerPaymentsView() {
  const bankTitleId = useId();
  const payoutsTitleId = useId();
  const queryClient = useQueryClient();
  const account = useSellerBankAccount();
  const payouts = useSellerPayments();
  const [form, setForm] = useState<{ account: BankAccount | null } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [openPayout, setOpenPayout] = useState<string | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  function onAdd() {
    if (account.data) {
      setNotice({ kind: 'error', text: m.oneAccountOnly });
      return;
    }
    setNotice(null);
    setForm({ account: null });
  }

  function onSaved(message: string) {
    setForm(null);
    setNotice({ kind: 'success', text: message });
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void reloadSellerBankAccount(queryClient), RELOAD_DELAY_MS);
  }

  return (
    <div className="stack">
      {notice && (
        <Alert kind={notice.kind} role="alert">
          {notice.text}
        </Alert>
      )}

      <section className="card stack" aria-labelledby={bankTitleId}>
        <div className={styles.sectionHead}>
          <h2 id={bankTitleId} className={styles.sectionTitle}>
            Mi Cuenta Bancaria
          </h2>
          <Button variant="primary" onClick={onAdd}>
            Agregar Cuenta
          </Button>
        </div>
        {account.isPending ? (
          <Spinner label="Cargando tu cuenta bancaria..." />
        ) : account.isError ? (
          <Alert kind="error">{m.accountsLoadError}</Alert>
        ) : account.data ? (
          <BankAccountCard account={account.data} onEdit={() => setForm({ account: account.data })} />
        ) : (
          <p className="muted">
            Aún no tienes una cuenta bancaria registrada. Agrégala para recibir los pagos de tus ventas.
          </p>
        )}
      </section>

      <section className="stack" aria-labelledby={payoutsTitleId}>
        <h2 id={payoutsTitleId} className={styles.sectionTitle}>
          Pagos
        </h2>
        {payouts.isPending ? (
          <Spinner label="Cargando tus pagos..." />
        ) : payouts.isError ? (
          <Alert kind="error">{m.pendingPaymentsLoadError}</Alert>
        ) : payouts.data.length === 0 ? (
          <p className="empty-state">Todavía no tienes pagos. Aparecerán aquí cuando vendas un producto.</p>
        ) : (
          <>
            <PayoutTotals payouts={payouts.data} />
            <div className={styles.payoutHeader} aria-hidden="true">
              <span>ID</span>
              <span>Monto</span>
              <span>Comisión</span>
              <span>Total a pagar</span>
              <span>Estado</span>
              <span>Fecha</span>
            </div>
            <ul className={styles.payoutList} aria-label="Pagos">
              {payouts.data.map((p) => (
                <PayoutRow key={p.id} payment={p} onOpen={() => setOpenPayout(p.id)} />
              ))}
            </ul>
          </>
        )}
      </section>

      {form && <BankAccountForm account={form.account} onClose={() => setForm(null)} onSaved={onSaved} />}
      {openPayout && <PayoutDetail id={openPayout} onClose={() => setOpenPayout(null)} />}
    </div>
  );
}
