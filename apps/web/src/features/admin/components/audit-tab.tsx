import { type AuditEntry, adminMessages, auditActionLabels, formatDateTime } from '@app/contracts';
import { useState } from 'react';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminAudit } from '../api/admin-audit.ts';
import styles from './admin.module.css';

const TARGET_LABELS: Record<string, string> = {
  user: 'Usuario',
  product: 'Producto',
  payout: 'Pagos',
  report: 'Denuncia',
  claim: 'Reclamo',
};

function AuditRecord({ entry }: { entry: AuditEntry }) {
  const target = TARGET_LABELS[entry.target_type] ?? entry.target_type;
  return (
    <li className={`${styles.record} ${styles.auditRecord}`} data-audit-id={entry.id}>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Cuándo</span>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Quién</span>
        <span className={styles.strong}>{entry.actor_username}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Qué</span>
        <span>{auditActionLabels[entry.action]}</span>
        <span className={styles.small}>
          {target}: {entry.target_label ?? `#${entry.target_id}`}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Motivo o nota</span>
        <span>{entry.note ?? '—'}</span>
      </div>
    </li>
  );
}

/** 'Registro': every operator action, newest first; read-only. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const audit = useAdminAudit(page);
  if (audit.isPending) return <Spinner label="Cargando el registro..." />;
  if (audit.isError) {
    return (
      <LoadFailure
        message={errorMessage(audit.error, adminMessages.auditLoadError)}
        onRetry={() => void audit.refetch()}
      />
    );
  }
  if (audit.data.items.length === 0) return <p className="empty-state">{adminMessages.auditEmpty}</p>;
  return (
    <>
      <p className={`flush ${styles.small}`}>
        Cada acción de un operador queda aquí una sola vez, la más reciente primero. Nadie puede editarla ni
        borrarla.
      </p>
      <ul className={styles.records} aria-label="Acciones registradas">
        {audit.data.items.map((entry) => (
          <AuditRecord key={entry.id} entry={entry} />
        ))}
      </ul>
      <Pager meta={audit.data.meta} onPage={setPage} busy={audit.isFetching} label="Páginas del registro" />
    </>
  );
}
