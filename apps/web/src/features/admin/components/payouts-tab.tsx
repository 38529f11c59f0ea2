import {
  type AdminPayoutStatus,
  adminMessages,
  adminPayoutStatusLabels,
  MARK_PAID_MAX,
} from '@app/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadPayoutsCsv, useAdminPayouts } from '../api/admin-payouts.ts';
import styles from './admin.module.css';
import { FailedRefunds } from './failed-refunds.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { PayoutRecord } from './payout-record.tsx';

const STATUSES: AdminPayoutStatus[] = ['payable', 'held', 'paid', 'cancelled'];
const EXPORT_FAILED = 'No se pudo descargar el CSV. Por favor, intenta nuevamente.';

type Notice = { kind: 'success' | 'error'; text: string } | null;

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
