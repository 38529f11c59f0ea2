import {
  type AdminPayout,
  type AdminPayoutStatus,
  accountTypeLabels,
  adminMessages,
  adminPayoutStatusLabels,
  formatCOPExact,
  formatDateTime,
  MARK_PAID_MAX,
} from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadPayoutsCsv, useAdminPayouts, useMarkPayoutsPaid } from '../api/admin-payouts.ts';
import styles from './admin.module.css';
import { FailedRefunds } from './failed-refunds.tsx';

const STATUSES: AdminPayoutStatus[] = ['payable', 'held', 'paid', 'cancelled'];
const STATUS_TONES: Record<AdminPayoutStatus, BadgeTone> = {
  payable: 'success',
  held: 'warning',
  paid: 'info',
  cancelled: 'neutral',
};
const EXPORT_FAILED = 'No se pudo descargar el CSV. Por favor, intenta nuevamente.';
const MARK_FAILED = 'No se pudieron marcar los pagos. Por favor, intenta nuevamente.';

type Notice = { kind: 'success' | 'error'; text: string } | null;

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

function PayoutRecord({
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

/** The transfer's reference, then every selected payout marked paid at once (or none). */
function MarkPaidDialog({
  payouts,
  onDone,
  onClose,
}: {
  payouts: AdminPayout[];
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const summaryId = useId();
  const mutation = useMarkPayoutsPaid();
  const [reference, setReference] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const total = payouts.reduce((sum, p) => sum + p.payable_amount, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const text = reference.trim();
    if (!text) {
      setFieldError(adminMessages.referenceRequired);
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({ payout_ids: payouts.map((p) => p.id), reference: text });
      onDone(result.message);
    } catch (error) {
      // A 409 names the payout at fault and says nothing was marked.
      setFailure(errorMessage(error, MARK_FAILED));
    }
  };

  return (
    <FormModal
      title="Marcar como pagados"
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      describedBy={summaryId}
      closeOnBackdrop={reference === ''}
      submitLabel="Marcar como pagados"
    >
      <p id={summaryId} className="flush">
        {payouts.length === 1 ? '1 pago' : `${payouts.length} pagos`} por un total de{' '}
        <strong>{formatCOPExact(total)}</strong>. Escribe la referencia de la transferencia del banco; cada
        vendedor la verá junto a su pago.
      </p>
      {failure && <Alert kind="error">{failure}</Alert>}
      <FormField label="Referencia de la transferencia" required error={fieldError}>
        <input
          className="input"
          value={reference}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setReference(event.target.value)}
        />
      </FormField>
    </FormModal>
  );
}

/** 'Pagos': payouts by state with the sellers' bank accounts; export and mark paid. */
export function PayoutsTab() {
  const [status, setStatus] = useState<AdminPayoutStatus>('payable');
  const [page, setPage] = useState(1);
  const payouts = useAdminPayouts(status, page);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [notice, setNotice] = useState<Notice>(null);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState(false);
  const statusId = useId();

  // Another filter or page is another list: what was chosen on the last one is let go.
  const showList = (nextStatus: AdminPayoutStatus, nextPage: number) => {
    setStatus(nextStatus);
    setPage(nextPage);
    setSelected(new Set());
  };

  const items = payouts.data?.items ?? [];
  const selectable = status === 'payable';
  const chosen = items.filter((p) => selected.has(p.id));
  const allChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportCsv = async () => {
    if (exporting) return;
    setNotice(null);
    setExporting(true);
    try {
      await downloadPayoutsCsv(status);
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, EXPORT_FAILED) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className={styles.toolbar}>
        <FormField label="Estado" id={statusId} className={styles.filter}>
          <select
            className="select"
            value={status}
            onChange={(event) => {
              showList(event.target.value as AdminPayoutStatus, 1);
              setNotice(null);
            }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {adminPayoutStatusLabels[s]}
              </option>
            ))}
          </select>
        </FormField>
        <div className={styles.toolbarActions}>
          <Button onClick={() => void exportCsv()} busy={exporting}>
            {exporting ? 'Descargando...' : adminMessages.exportCsv}
          </Button>
          {selectable && (
            <Button
              variant="primary"
              disabled={chosen.length === 0}
              onClick={() => {
                setNotice(null);
                setDialog(true);
              }}
            >
              Marcar como pagados{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </Button>
          )}
        </div>
      </div>
      {notice && (
        <Alert kind={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'} takeFocus>
          {notice.text}
        </Alert>
      )}
      {payouts.isPending ? (
        <Spinner label="Cargando pagos..." />
      ) : payouts.isError ? (
        <LoadFailure
          message={errorMessage(payouts.error, adminMessages.payoutsLoadError)}
          onRetry={() => void payouts.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="empty-state">{adminMessages.payoutsEmpty}</p>
      ) : (
        <>
          {selectable && (
            <label className={styles.selectAll}>
              <input
                type="checkbox"
                checked={allChosen}
                ref={(node) => {
                  if (node) node.indeterminate = chosen.length > 0 && !allChosen;
                }}
                onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((p) => p.id)))}
              />
              Seleccionar todos los de esta página ({items.length})
            </label>
          )}
          <ul className={styles.records} aria-label={`Pagos: ${adminPayoutStatusLabels[status]}`}>
            {items.map((payout) => (
              <PayoutRecord
                key={payout.id}
                payout={payout}
                selectable={selectable}
                selected={selected.has(payout.id)}
                onToggle={() => toggle(payout.id)}
              />
            ))}
          </ul>
          <Pager
            meta={payouts.data.meta}
            onPage={(next) => showList(status, next)}
            busy={payouts.isFetching}
            label="Páginas de pagos"
          />
        </>
      )}
      {dialog && chosen.length > 0 && (
        <MarkPaidDialog
          payouts={chosen.slice(0, MARK_PAID_MAX)}
          onClose={() => setDialog(false)}
          onDone={(message) => {
            setDialog(false);
            setSelected(new Set());
            setNotice({ kind: 'success', text: message });
          }}
        />
      )}
      <FailedRefunds />
    </>
  );
}
