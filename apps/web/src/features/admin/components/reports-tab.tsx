import {
  type AdminReport,
  adminMessages,
  formatDateTime,
  type ReportAction,
  type ReportStatus,
  reportActionLabels,
  reportReasonLabels,
  reportTargetLabels,
} from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminReports, useResolveReport } from '../api/admin-reports.ts';
import styles from './admin.module.css';
import { NoteDialog, RadioChoices } from './note-dialog.tsx';
import { ResolutionQueue } from './resolution-queue.tsx';

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Abiertas', resolved: 'Resueltas' };
const RESOLVE_FAILED = 'No se pudo resolver la denuncia. Por favor, intenta nuevamente.';

/** What an operator can do about each kind of target: a product comes down, an account is suspended. */
const ACTIONS_BY_TARGET: Record<AdminReport['target_type'], ReportAction[]> = {
  product: ['dismiss', 'takedown', 'suspend'],
  user: ['dismiss', 'suspend'],
  question: ['dismiss', 'suspend'],
};

/** What the suspend choice suspends, said plainly for each kind of target. */
function actionLabel(action: ReportAction, target: AdminReport['target_type']): string {
  if (action === 'suspend' && target === 'product') return 'Suspender la cuenta del vendedor';
  if (action === 'suspend' && target === 'question') return 'Suspender la cuenta de quien preguntó';
  return reportActionLabels[action];
}

function TargetCell({ report }: { report: AdminReport }) {
  const name = report.target_name ?? `#${report.target_id} (ya no existe)`;
  return (
    <div className={styles.cell}>
      <span className={styles.cellLabel}>{reportTargetLabels[report.target_type]}</span>
      {report.target_link ? (
        <Link to={report.target_link} className={styles.strong}>
          {name}
        </Link>
      ) : (
        <span className={styles.strong}>{name}</span>
      )}
    </div>
  );
}

function ReportRecord({ report, onResolve }: { report: AdminReport; onResolve: () => void }) {
  return (
    <li className={`${styles.record} ${styles.reportRecord}`} data-report-id={report.id}>
      <TargetCell report={report} />
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Motivo</span>
        <span>{reportReasonLabels[report.reason]}</span>
        {report.comment && <span className={styles.small}>«{report.comment}»</span>}
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Denunciado por</span>
        <span>{report.reporter_username}</span>
        <span className={styles.small}>{formatDateTime(report.created_at)}</span>
      </div>
      {report.status === 'open' ? (
        <div className={styles.rowActions}>
          <Button size="sm" variant="primary" onClick={onResolve}>
            Resolver
            <span className="sr-only"> la denuncia sobre {report.target_name ?? `#${report.target_id}`}</span>
          </Button>
        </div>
      ) : (
        <div className={styles.cell}>
          <span className={styles.cellLabel}>Resolución</span>
          <span>
            <Badge tone={report.resolution === 'dismiss' ? 'neutral' : 'danger'}>
              {report.resolution ? actionLabel(report.resolution, report.target_type) : 'Resuelta'}
            </Badge>
          </span>
          {report.resolution_note && <span className={styles.small}>{report.resolution_note}</span>}
          <span className={styles.small}>
            {report.resolved_by_username ?? ''} · {formatDateTime(report.resolved_at)}
          </span>
        </div>
      )}
    </li>
  );
}

/** Dismiss, take down or suspend, with a note for the audit. */
function ResolveDialog({
  report,
  onDone,
  onClose,
}: {
  report: AdminReport;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const mutation = useResolveReport();
  const [action, setAction] = useState<ReportAction>('dismiss');
  return (
    <NoteDialog
      title="Resolver denuncia"
      intro={
        <p className="flush">
          {reportTargetLabels[report.target_type]}:{' '}
          <strong>{report.target_name ?? `#${report.target_id}`}</strong> —{' '}
          {reportReasonLabels[report.reason]}
        </p>
      }
      label="Nota"
      hint="Queda en el registro; si retiras el producto, su dueño recibe esta nota como motivo."
      required
      requiredMessage={adminMessages.noteRequired}
      submitLabel="Resolver"
      danger={action !== 'dismiss'}
      failed={RESOLVE_FAILED}
      onSubmit={async (note) => onDone((await mutation.mutateAsync({ id: report.id, action, note })).message)}
      onClose={onClose}
    >
      <RadioChoices
        legend="Qué hacer"
        name="action"
        choices={ACTIONS_BY_TARGET[report.target_type]}
        value={action}
        onChange={setAction}
        labelOf={(a) => actionLabel(a, report.target_type)}
      />
    </NoteDialog>
  );
}

/** 'Denuncias': open and resolved reports; an open one is resolved here. */
export function ReportsTab() {
  return (
    <ResolutionQueue
      filters={STATUS_LABELS}
      initialFilter="open"
      useItems={useAdminReports}
      texts={{
        loading: 'Cargando denuncias...',
        loadError: adminMessages.reportsLoadError,
        empty: () => adminMessages.reportsEmpty,
        listLabel: (label) => `Denuncias ${label.toLowerCase()}`,
        pagerLabel: 'Páginas de denuncias',
      }}
      renderItem={(report, onResolve) => (
        <ReportRecord key={report.id} report={report} onResolve={onResolve} />
      )}
      renderResolve={(report, onDone, onClose) => (
        <ResolveDialog report={report} onDone={onDone} onClose={onClose} />
      )}
    />
  );
}
