import {
  formatDateTime,
  formatMoney,
  paymentMessages as m,
  shortPaymentId,
  type WonAuctionItem,
  wonStatusLabel,
  wonStatusTone,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreatePaymentLink } from '../api/create-payment-link.ts';
import { refreshWonAuctions, useWonAuctions } from '../api/get-won-auctions.ts';
import { CombinedPay } from './combined-pay.tsx';
import styles from './payments.module.css';

/** Generating a link always shows 'Generando...' at least this long. */
export const LINK_MIN_DELAY_MS = 2000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function WonCard({ item }: { item: WonAuctionItem }) {
  const queryClient = useQueryClient();
  const createLink = useCreatePaymentLink();
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  const payable = item.status !== 'confirmed' && item.status !== 'expired';
  const tone = wonStatusTone(item.status);

  async function generate() {
    setGenerating(true);
    try {
      const [result] = await Promise.allSettled([
        createLink.mutateAsync(item.payment_id),
        wait(LINK_MIN_DELAY_MS),
      ]);
      if (result.status === 'rejected') {
        toast.error(errorMessage(result.reason, m.linkFailed));
      } else {
        toast.success(result.value.message);
      }
      await refreshWonAuctions(queryClient);
    } finally {
      setGenerating(false);
    }
  }

  return (
    <li className={`card ${styles.wonCard}`}>
      <SafeImage className="card-image" src={item.product_image ?? undefined} alt={item.product_name} />
      <div className="card-head">
        <h2 className={styles.wonTitle}>{item.product_name}</h2>
        <Badge tone={tone}>{wonStatusLabel(item.status)}</Badge>
      </div>
      {/* The price, not a heading nor a paragraph (axe reads a bold short <p> as a heading). */}
      <div className={styles.amount}>{formatMoney(item.amount, item.currency)}</div>
      <p className={styles.meta}>
        {item.kind === 'offer'
          ? 'Oferta aceptada'
          : item.auction_id !== null
            ? `Subasta #${item.auction_id}`
            : `Compra #${shortPaymentId(item.payment_id)}`}{' '}
        · {item.seller_username}
      </p>
      {payable && (
        <>
          <p className={styles.hint}>{item.payment_link ? m.linkAvailable : m.generateLinkHint}</p>
          {item.expires_at && <p className={styles.meta}>Paga antes del {formatDateTime(item.expires_at)}</p>}
        </>
      )}
      <div className={styles.cardActions}>
        {payable && item.payment_link ? (
          <a className={buttonClass({ variant: 'accent', block: true })} href={item.payment_link}>
            Pagar
          </a>
        ) : payable ? (
          <Button variant="primary" block onClick={() => void generate()} busy={generating}>
            {generating ? 'Generando...' : 'Generar Link'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** 'Mis Subastas Ganadas': pay for won items or get a payment link. */
export function WonAuctionsView() {
  const query = useWonAuctions();
  // These failures are logged for developers; the page still says something went wrong.
  useEffect(() => {
    if (query.error) console.error('won auctions failed to load', query.error);
  }, [query.error]);

  if (query.isPending) return <Spinner label="Cargando tus subastas ganadas..." />;
  if (query.isError) {
    return (
      <Alert kind="error" as="div">
        {m.wonLoadError}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return <EmptyState message={m.wonEmpty} action="Explorar Subastas" to="/auctions" />;
  }
  return (
    <>
      <CombinedPay items={query.data} />
      <ul className={`grid ${styles.plainList}`} aria-label="Subastas ganadas">
        {query.data.map((item) => (
          <WonCard key={item.payment_id} item={item} />
        ))}
      </ul>
    </>
  );
}
