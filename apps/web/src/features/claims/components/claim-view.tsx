import {
  type Claim,
  type ClaimContext,
  canEscalate,
  claimReasonLabels,
  claimRoleLabels,
  claimStatusLabels,
  claimStatusTone,
  formatCOP,
  formatDateTime,
  claimMessages as m,
  shippingStatusLabel,
} from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TrackingInfo } from '../../../components/ui/tracking-info.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { contactWarning } from '../../../lib/contact-warning.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useClaim, useClaimAction, useClaimContext, useSendClaimMessage } from '../api/claims.ts';
import styles from './claims.module.css';

function Facts({ claim, context }: { claim: Claim; context: ClaimContext }) {
  return (
    <dl className={styles.facts}>
      <dt>Motivo</dt>
      <dd>{claimReasonLabels[claim.reason]}</dd>
      <dt>Abierto</dt>
      <dd>{formatDateTime(claim.opened_at)}</dd>
      {(claim.status === 'open' || claim.status === 'escalated') && (
        <>
          <dt>{m.sellerRespondBy}</dt>
          <dd>{formatDateTime(claim.seller_respond_by)}</dd>
        </>
      )}
      <dt>Comprador</dt>
      <dd>@{context.buyer_username}</dd>
      <dt>Vendedor</dt>
      <dd>@{context.seller_username}</dd>
      <dt>Monto pagado</dt>
      <dd>{formatCOP(context.amount)}</dd>
      <dt>Envío</dt>
      <dd>
        {shippingStatusLabel(context.shipping_status)}
        {context.tracking ? (
          <>
            {' — '}
            <TrackingInfo tracking={context.tracking} />
          </>
        ) : null}
      </dd>
    </dl>
  );
}

function Conversation({ claim, role }: { claim: Claim; role: ClaimContext['role'] }) {
  if (claim.messages.length === 0) return <p className="muted">{m.noMessages}</p>;
  return (
    <ol className={styles.conversation} aria-label={m.conversation}>
      {claim.messages.map((message, index) => (
        <li
          // Messages are never edited or removed: their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          key={index}
          className={`${styles.message} ${message.author_role === role ? styles.mine : ''}`}
        >
          <p className={styles.messageMeta}>
            <strong>{claimRoleLabels[message.author_role]}</strong>
            <span>@{message.username}</span>
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </p>
          <p className={styles.messageText}>{message.text}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * A message in the claim's conversation: warns of contact data as one types (the server refuses
 * it too; a claim is settled on the platform), checks it is not empty on sending.
 */
function MessageForm({ claimId }: { claimId: number }) {
  const send = useSendClaimMessage(claimId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const warning = contactWarning(text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || warning) return;
    if (!text.trim()) {
      setError(m.messageRequired);
      return;
    }
    setError(undefined);
    try {
      await send.mutateAsync(text.trim());
      setText('');
    } catch (failure) {
      setError(errorMessage(failure, m.actionFailed));
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={m.messageLabel} error={warning ?? error}>
        <textarea
          className="textarea"
          rows={3}
          maxLength={1000}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <Button
        type="submit"
        variant="primary"
        className="self-start"
        busy={send.isPending}
        disabled={Boolean(warning)}
      >
        {send.isPending ? 'Enviando...' : m.send}
      </Button>
    </form>
  );
}

/** Refund (the seller) and escalate (either party, the buyer after the seller's 3 days). */
function Actions({
  claim,
  context,
  onDone,
}: {
  claim: Claim;
  context: ClaimContext;
  onDone: (text: string) => void;
}) {
  const refund = useClaimAction(claim.id, 'refund');
  const escalate = useClaimAction(claim.id, 'escalate');
  const [asking, setAsking] = useState<'refund' | 'escalate' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const now = useServerNow(30_000);
  const active = claim.status === 'open' || claim.status === 'escalated';
  if (!active || context.role === 'operator') return null;
  const mayEscalate = canEscalate(context.role, claim, new Date(now));
  const mutation = asking === 'refund' ? refund : escalate;

  const run = async () => {
    setFailure(null);
    try {
      await mutation.mutateAsync();
      setAsking(null);
      onDone(asking === 'refund' ? m.refunded : m.escalated);
    } catch (error) {
      setFailure(errorMessage(error, m.actionFailed));
    }
  };

  return (
    <div className="stack">
      <div className={styles.actions}>
        {context.role === 'seller' && (
          <Button variant="danger" onClick={() => setAsking('refund')}>
            {m.refund}
          </Button>
        )}
        {mayEscalate && <Button onClick={() => setAsking('escalate')}>{m.escalate}</Button>}
      </div>
      {context.role === 'buyer' && claim.status === 'open' && !mayEscalate && (
        <p className="muted">
          Si el vendedor no te reembolsa, podrás escalar el reclamo a Coleccionables desde el{' '}
          {formatDateTime(context.buyer_can_escalate_from)}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'refund' ? m.refund : m.escalate}
        message={asking === 'refund' ? m.refundConfirm : m.escalateConfirm}
        confirmLabel={asking === 'refund' ? m.refund : m.escalate}
        danger={asking === 'refund'}
        pending={mutation.isPending}
        error={failure}
        onCancel={() => {
          setAsking(null);
          setFailure(null);
        }}
        onConfirm={() => void run()}
      />
    </div>
  );
}

/** The claim page: what happened, the shipment, the conversation and each party's actions. */
export function ClaimView({ claimId }: { claimId: number }) {
  const factsId = useId();
  const conversationId = useId();
  const claim = useClaim(claimId);
  const context = useClaimContext(claimId);
  const location = useLocation();
  const initialNotice = (location.state as { notice?: string } | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(initialNotice);

  if (claim.isPending || context.isPending) return <Spinner label={m.loading} />;
  if (claim.isError || context.isError) {
    return (
      <div className="stack">
        <h1>Reclamo</h1>
        <Alert kind="error">{errorMessage(claim.error ?? context.error, m.loadError)}</Alert>
        <Button
          className="self-start"
          onClick={() => {
            void claim.refetch();
            void context.refetch();
          }}
        >
          Reintentar
        </Button>
      </div>
    );
  }
  const c = claim.data;
  const active = c.status === 'open' || c.status === 'escalated';
  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Reclamo por {c.product_name}</h1>
        <Badge tone={claimStatusTone(c.status)}>{claimStatusLabels[c.status]}</Badge>
      </div>
      {notice && (
        <Alert kind="success" takeFocus>
          {notice}
        </Alert>
      )}
      <section className="card stack" aria-labelledby={factsId}>
        <h2 id={factsId}>Detalles</h2>
        <Facts claim={c} context={context.data} />
        <p className={styles.description}>{c.description}</p>
      </section>
      <Actions claim={c} context={context.data} onDone={setNotice} />
      <section className="card stack" aria-labelledby={conversationId}>
        <h2 id={conversationId}>{m.conversation}</h2>
        <Conversation claim={c} role={context.data.role} />
        {active ? <MessageForm claimId={c.id} /> : <p className="muted">{m.closed}.</p>}
      </section>
    </div>
  );
}
