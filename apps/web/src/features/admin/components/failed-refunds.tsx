import { type AdminRefund, formatCOPExact, formatDateTime, refundStatusLabel } from '@app/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFailedRefunds, useRetryRefund } from '../api/admin-refunds.ts';
import styles from './admin.module.css';

const LOAD_FAILED = 'No se pudieron cargar los reembolsos fallidos.';
const RETRY_FAILED = 'No se pudo reintentar el reembolso. Por favor, intenta nuevamente.';
const EMPTY = 'No hay reembolsos fallidos.';

type Notice = { kind: 'success' | 'error'; text: string } | null;

function RefundRecord({ refund, onNotice }: { refund: AdminRefund; onNotice: (n: Notice) => void }) {
  const retry = useRetryRefund();
  const run = async () => {
    onNotice(null);
    try {
      const answer = await retry.mutateAsync(refund.id);
      const state = refundStatusLabel(answer.refund.status);
      onNotice({ kind: 'success', text: `${answer.message} Estado: ${state}.` });
    } catch (error) {
      onNotice({ kind: 'error', text: errorMessage(error, RETRY_FAILED) });
    }
  };
  return (
    <li className={`${styles.record} ${styles.refundRecord}`} data-refund-id={refund.id}>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Comprador</span>
        <span className={styles.strong}>{refund.buyer_username}</span>
        <span className={styles.small}>{formatDateTime(refund.created_at)}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Producto</span>
        <span>{refund.product_name}</span>
        <span className={styles.small}>{refund.reason}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Monto</span>
        <span className={styles.amount}>{formatCOPExact(refund.amount)}</span>
        <span>
          <Badge tone="danger">{refundStatusLabel(refund.status)}</Badge>
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Último error</span>
        <span>{refund.last_error ?? '—'}</span>
        <span className={styles.small}>Intentos: {refund.attempts}</span>
      </div>
      <div className={styles.cell}>
        <Button
          onClick={() => void run()}
          busy={retry.isPending}
          aria-label={`Reintentar el reembolso de ${refund.product_name} a ${refund.buyer_username}`}
        >
          {retry.isPending ? 'Reintentando...' : 'Reintentar'}
        </Button>
      </div>
    </li>
  );
}

/** 'Pagos': refunds the processor refused or that kept failing, each with 'Reintentar'. */
export function FailedRefunds() {
  const [page, setPage] = useState(1);
  const refunds = useFailedRefunds(page);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section className={styles.refunds} aria-labelledby="failed-refunds-title">
      <h2 id="failed-refunds-title" className={styles.sectionTitle}>
        Reembolsos fallidos
      </h2>
      {notice && (
        <Alert kind={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {refunds.isPending ? (
        <Spinner label="Cargando reembolsos..." />
      ) : refunds.isError ? (
        <LoadFailure
          message={errorMessage(refunds.error, LOAD_FAILED)}
          onRetry={() => void refunds.refetch()}
        />
      ) : refunds.data.items.length === 0 ? (
        <p className="empty-state">{EMPTY}</p>
      ) : (
        <>
          <ul className={styles.records} aria-label="Reembolsos fallidos">
            {refunds.data.items.map((refund) => (
              <RefundRecord key={refund.id} refund={refund} onNotice={setNotice} />
            ))}
          </ul>
          <Pager
            meta={refunds.data.meta}
            onPage={setPage}
            busy={refunds.isFetching}
            label="Páginas de reembolsos fallidos"
          />
        </>
      )}
    </section>
  );
}
