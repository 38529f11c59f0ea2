import { type BankAccount, paymentMessages as m } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { reloadSellerBankAccount, useSellerBankAccount } from '../api/seller-bank-account.ts';
import { useSellerPayments } from '../api/seller-payments.ts';
import { BankAccountCard } from './bank-account-card.tsx';
import { BankAccountForm } from './bank-account-form.tsx';
import styles from './payments.module.css';
import { PayoutDetail } from './payout-detail.tsx';
import { PayoutRow } from './payout-row.tsx';
import { PayoutTotals } from './payout-totals.tsx';

/** After a save the form closes and the data reloads this much later. */
const RELOAD_DELAY_MS = 2000;

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
