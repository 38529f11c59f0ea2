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
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { type AdminClaimFilter, useAdminClaims, useResolveClaim } from '../api/admin-claims.ts';
import styles from './admin.module.css';

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
  const [status, setStatus] = useState<AdminClaimFilter>('active');
  const [page, setPage] = useState(1);
  const claims = useAdminClaims(status, page);
  const [resolving, setResolving] = useState<AdminClaim | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <div className={styles.toolbar}>
        <FormField label="Estado" className={styles.filter}>
          <select
            className="select"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as AdminClaimFilter);
              setPage(1);
              setNotice(null);
            }}
          >
            {(Object.keys(FILTER_LABELS) as AdminClaimFilter[]).map((s) => (
              <option key={s} value={s}>
                {FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {notice && (
        <Alert kind="success" takeFocus>
          {notice}
        </Alert>
      )}
      {claims.isPending ? (
        <Spinner label={claimMessages.listLoading} />
      ) : claims.isError ? (
        <div className="stack">
          <Alert kind="error">{errorMessage(claims.error, claimMessages.listLoadError)}</Alert>
          <Button className="self-start" onClick={() => void claims.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : claims.data.items.length === 0 ? (
        <p className="empty-state">
          {status === 'active' ? claimMessages.adminEmpty : claimMessages.listEmpty}
        </p>
      ) : (
        <>
          <ul className={styles.records} aria-label={`Reclamos: ${FILTER_LABELS[status].toLowerCase()}`}>
            {claims.data.items.map((claim) => (
              <ClaimRecord
                key={claim.id}
                claim={claim}
                onResolve={() => {
                  setNotice(null);
                  setResolving(claim);
                }}
              />
            ))}
          </ul>
          <Pager
            meta={claims.data.meta}
            onPage={setPage}
            busy={claims.isFetching}
            label="Páginas de reclamos"
          />
        </>
      )}
      {resolving && (
        <ResolveClaimDialog
          claim={resolving}
          onClose={() => setResolving(null)}
          onDone={(message) => {
            setResolving(null);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}
