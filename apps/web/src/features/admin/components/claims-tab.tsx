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
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { type AdminClaimFilter, useAdminClaims, useResolveClaim } from '../api/admin-claims.ts';
import styles from './admin.module.css';
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
  const formId = useId();
  const mutation = useResolveClaim();
  const [outcome, setOutcome] = useState<ClaimOutcome>('refund');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!note.trim()) {
      setNoteError(claimMessages.noteRequired);
      return;
    }
    setNoteError(undefined);
    setFailure(null);
    try {
      const result = await mutation.mutateAsync({ id: claim.id, outcome, note: note.trim() });
      onDone(result.message);
    } catch (error) {
      setFailure(errorMessage(error, claimMessages.actionFailed));
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={claimMessages.resolveTitle}
      closeOnBackdrop={!mutation.isPending && note === ''}
      footer={
        <>
          <Button onClick={onClose} busy={mutation.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={outcome === 'refund' ? 'danger' : 'primary'}
            busy={mutation.isPending}
          >
            {mutation.isPending ? 'Guardando...' : claimMessages.resolve}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="flush">
          <strong>{claim.product_name}</strong> ({formatCOP(claim.amount)}) —{' '}
          {claimReasonLabels[claim.reason]}
        </p>
        {failure && <Alert kind="error">{failure}</Alert>}
        <fieldset className={`plain-fieldset ${styles.choices}`}>
          <legend>Resultado</legend>
          {(Object.keys(OUTCOME_LABELS) as ClaimOutcome[]).map((o) => (
            <label key={o} className="checkbox">
              <input
                type="radio"
                name={`${formId}-outcome`}
                value={o}
                checked={outcome === o}
                onChange={() => setOutcome(o)}
              />
              {OUTCOME_LABELS[o]}
            </label>
          ))}
        </fieldset>
        <FormField label={claimMessages.noteLabel} required error={noteError}>
          <textarea
            className="textarea"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
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
