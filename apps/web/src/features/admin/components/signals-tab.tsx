import { formatNumber, type Signal, signalMessages } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminSignals, useConfirmSignal } from '../api/admin-signals.ts';
import styles from './admin.module.css';
import { SuspendUserDialog, TakedownDialog } from './moderation-dialogs.tsx';

const CONFIRM_FAILED = 'No se pudo confirmar el par. Por favor, intenta nuevamente.';

type SignalProduct = Signal['products'][number];
type Action =
  | { kind: 'takedown'; product: SignalProduct }
  | { kind: 'suspend'; user: { id: number; username: string } }
  | { kind: 'confirm'; signal: Signal };

const KIND_LABELS: Record<Signal['kinds'][number], string> = {
  shared_address: signalMessages.sharedAddress,
  bid_concentration: signalMessages.concentration,
};

/** The bids' share, said in words; whether the bidder ever won decides the ending. */
function bidsText(evidence: Signal['evidence']): string {
  const percent = Math.round(evidence.bid_share * 100);
  return signalMessages.bidsShare(evidence.bids_to_seller, evidence.bids_total, percent, evidence.ever_won);
}

function Person({ label, username }: { label: string; username: string }) {
  return (
    <span className={styles.person}>
      <span className={styles.cellLabel}>{label}</span>
      <Link to={paths.publicProfile.getHref(username)} className={styles.strong}>
        {username}
      </Link>
    </span>
  );
}

function SignalRecord({ signal, onAction }: { signal: Signal; onAction: (action: Action) => void }) {
  const { evidence } = signal;
  const pair = `${signal.seller_username} y ${signal.bidder_username}`;
  return (
    <li
      className={`${styles.record} ${styles.signalRecord}`}
      data-signal={`${signal.seller_username}/${signal.bidder_username}`}
    >
      <div className={styles.cell}>
        <Person label={signalMessages.seller} username={signal.seller_username} />
        <Person label={signalMessages.bidder} username={signal.bidder_username} />
        <span className={styles.badges}>
          {signal.kinds.map((kind) => (
            <Badge key={kind} tone="warning">
              {KIND_LABELS[kind]}
            </Badge>
          ))}
          {signal.confirmed && <Badge tone="danger">{signalMessages.confirmed}</Badge>}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>{signalMessages.products}</span>
        {signal.products.length === 0 ? (
          <span>—</span>
        ) : (
          <ul className={styles.signalProducts} aria-label={`Productos de ${pair}`}>
            {signal.products.map((product) => (
              <li key={product.id} className={styles.signalProduct}>
                <Link to={product.link}>{product.name}</Link>
                {product.taken_down ? (
                  <span>
                    <Badge tone="danger">Retirado</Badge>
                  </span>
                ) : (
                  <Button size="sm" onClick={() => onAction({ kind: 'takedown', product })}>
                    {signalMessages.takedown}
                    <span className="sr-only"> {product.name}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.cell}>
        <span className={styles.cellLabel}>Evidencia</span>
        {evidence.shared_addresses.length > 0 && (
          <span>
            {evidence.shared_addresses.length === 1
              ? 'Misma dirección de red que el vendedor en los últimos 30 días: '
              : 'Mismas direcciones de red que el vendedor en los últimos 30 días: '}
            {evidence.shared_addresses.map((address, index) => (
              <span key={address}>
                {index > 0 && ', '}
                <span className={styles.mono}>{address}</span>
              </span>
            ))}
          </span>
        )}
        <span className={evidence.shared_addresses.length > 0 ? styles.small : undefined}>
          {bidsText(evidence)}
        </span>
      </div>
      <div className={styles.signalActions}>
        <Button size="sm" variant="primary" onClick={() => onAction({ kind: 'confirm', signal })}>
          {signalMessages.confirm}
          <span className="sr-only"> {pair}</span>
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() =>
            onAction({ kind: 'suspend', user: { id: signal.seller_id, username: signal.seller_username } })
          }
        >
          {signalMessages.suspendSeller}
          <span className="sr-only"> {signal.seller_username}</span>
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() =>
            onAction({ kind: 'suspend', user: { id: signal.bidder_id, username: signal.bidder_username } })
          }
        >
          {signalMessages.suspendBidder}
          <span className="sr-only"> {signal.bidder_username}</span>
        </Button>
      </div>
    </li>
  );
}

/** Asks before confirming a pair; the server's answer (bids voided) becomes the tab's notice. */
function ConfirmPairDialog({
  signal,
  onDone,
  onClose,
}: {
  signal: Signal;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const confirm = useConfirmSignal();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    try {
      const result = await confirm.mutateAsync({
        seller_username: signal.seller_username,
        bidder_username: signal.bidder_username,
      });
      onDone(result.message);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, CONFIRM_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title={signalMessages.confirm}
      message={
        <p className="flush">
          {signalMessages.confirmQuestion(signal.seller_username, signal.bidder_username)}
        </p>
      }
      confirmLabel={signalMessages.confirm}
      danger
      pending={confirm.isPending}
      pendingLabel="Confirmando..."
      error={failure}
      onConfirm={() => void run()}
      onCancel={onClose}
    />
  );
}

/**
 * 'Señales': seller-bidder pairs that may be shill bidding, with what points at them; from a
 * row the operator takes a product down, suspends either account or confirms the pair.
 */
export function SignalsTab() {
  const [page, setPage] = useState(1);
  const signals = useAdminSignals(page);
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setAction(null);

  return (
    <>
      <Alert kind="info">{signalMessages.intro}</Alert>
      {notice && (
        <Alert kind="success" takeFocus>
          {notice}
        </Alert>
      )}
      {signals.isPending ? (
        <Spinner label="Cargando señales..." />
      ) : signals.isError ? (
        <LoadFailure
          message={errorMessage(signals.error, signalMessages.loadError)}
          onRetry={() => void signals.refetch()}
        />
      ) : signals.data.items.length === 0 ? (
        <p className="empty-state">{signalMessages.empty}</p>
      ) : (
        <>
          <p className={`flush ${styles.small}`} role="status">
            {signals.data.meta.total === 1 ? '1 señal' : `${formatNumber(signals.data.meta.total)} señales`}
          </p>
          <ul className={styles.records} aria-label="Señales">
            {signals.data.items.map((signal) => (
              <SignalRecord
                key={`${signal.seller_id}-${signal.bidder_id}`}
                signal={signal}
                onAction={(next) => {
                  setNotice(null);
                  setAction(next);
                }}
              />
            ))}
          </ul>
          <Pager
            meta={signals.data.meta}
            onPage={setPage}
            busy={signals.isFetching}
            label="Páginas de señales"
          />
        </>
      )}
      {action?.kind === 'takedown' && (
        <TakedownDialog product={action.product} onDone={setNotice} onClose={close} />
      )}
      {action?.kind === 'suspend' && (
        <SuspendUserDialog user={action.user} onDone={setNotice} onClose={close} />
      )}
      {action?.kind === 'confirm' && (
        <ConfirmPairDialog signal={action.signal} onDone={setNotice} onClose={close} />
      )}
    </>
  );
}
