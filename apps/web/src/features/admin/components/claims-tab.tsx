import {
  type AdminClaim,
  type ClaimOutcome,
  claimMessages,
  claimReasonLabels,
  claimStatusLabels,
  claimStatusTone,
  formatCOP,
  formatDateTime,
} from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { type AdminClaimFilter, useAdminClaims, useResolveClaim } from '../api/admin-claims.ts';
import styles from './admin.module.css';
import { NoteDialog, RadioChoices } from './note-dialog.tsx';
import { ResolutionQueue } from './resolution-queue.tsx';

const FILTER_LABELS: Record<AdminClaimFilter, string> = {
  active: 'Abiertos y escalados',
  refunded: 'Reembolsados',
  released: 'Cerrados sin reembolso',
};
const OUTCOME_LABELS: Record<ClaimOutcome, string> = {
  refund: claimMessages.outcomeRefund,
  release: claimMessages.outcomeRelease,
};
const OUTCOMES = Object.keys(OUTCOME_LABELS) as ClaimOutcome[];

function ClaimRecord({ claim, onResolve }: { claim: AdminClaim; onResolve: () => void }) {
  const active = claim.status === 'open' || claim.status === 'escalated';
  return (
    <li className={`${styles.record} ${styles.reportRecord}`} data-claim-id={claim.id}>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Producto</span>
        <Link to={paths.claim.getHref(claim.id)} className={styles.strong}>
          {claim.product_name}
        </Link>
        <span className={styles.small}>{formatCOP(claim.amount)}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Motivo</span>
        <span>{claimReasonLabels[claim.reason]}</span>
        <span className={styles.small}>«{claim.description}»</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Partes</span>
        <span>
          {claim.buyer_username} → {claim.seller_username}
        </span>
        <span className={styles.small}>Abierto el {formatDateTime(claim.opened_at)}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Estado</span>
        <span>
          <Badge tone={claimStatusTone(claim.status)}>{claimStatusLabels[claim.status]}</Badge>
        </span>
        {claim.resolution_note && <span className={styles.small}>{claim.resolution_note}</span>}
      </div>
      {active && (
        <div className={styles.rowActions}>
          <Button size="sm" variant="primary" onClick={onResolve}>
            {claimMessages.resolve}
            <span className="sr-only"> el reclamo por {claim.product_name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** Refund the buyer or release the payout, with a note for the audit. */
function ResolveClaimDialog({
  claim,
  onDone,
  onClose,
}: {
  claim: AdminClaim;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const mutation = useResolveClaim();
  const [outcome, setOutcome] = useState<ClaimOutcome>('refund');
  return (
    <NoteDialog
      title={claimMessages.resolveTitle}
      intro={
        <p className="flush">
          <strong>{claim.product_name}</strong> ({formatCOP(claim.amount)}) —{' '}
          {claimReasonLabels[claim.reason]}
        </p>
      }
      label={claimMessages.noteLabel}
      required
      requiredMessage={claimMessages.noteRequired}
      submitLabel={claimMessages.resolve}
      danger={outcome === 'refund'}
      failed={claimMessages.actionFailed}
      onSubmit={async (note) => onDone((await mutation.mutateAsync({ id: claim.id, outcome, note })).message)}
      onClose={onClose}
    >
      <RadioChoices
        legend="Resultado"
        name="outcome"
        choices={OUTCOMES}
        value={outcome}
        onChange={setOutcome}
        labelOf={(o) => OUTCOME_LABELS[o]}
      />
    </NoteDialog>
  );
}

/** 'Reclamos': open and escalated claims first; each is resolved here with a note for the audit. */
export function ClaimsTab() {
  return (
    <ResolutionQueue
      filters={FILTER_LABELS}
      initialFilter="active"
      useItems={useAdminClaims}
      texts={{
        loading: claimMessages.listLoading,
        loadError: claimMessages.listLoadError,
        empty: (status) => (status === 'active' ? claimMessages.adminEmpty : claimMessages.listEmpty),
        listLabel: (label) => `Reclamos: ${label.toLowerCase()}`,
        pagerLabel: 'Páginas de reclamos',
      }}
      renderItem={(claim, onResolve) => <ClaimRecord key={claim.id} claim={claim} onResolve={onResolve} />}
      renderResolve={(claim, onDone, onClose) => (
        <ResolveClaimDialog claim={claim} onDone={onDone} onClose={onClose} />
      )}
    />
  );
}
