import { type AuctionSummary, auctionMessages, formatCountdown, formatNumber } from '@app/contracts';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TimeLeft } from '../../../components/ui/time-left.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useActivateAuction } from '../api/activate-auction.ts';
import { useSellerAuctions } from '../api/get-seller-auctions.ts';
import cardStyles from './auction-cards.module.css';
import { AuctionImageGrid } from './auction-image-grid.tsx';
import styles from './auctions.module.css';

const statusLabels: Record<AuctionSummary['status'], { label: string; tone: BadgeTone }> = {
  upcoming: { label: 'Próxima', tone: 'info' },
  active: { label: 'Live', tone: 'live' },
  ended: { label: 'Finalizada', tone: 'neutral' },
  cancelled: { label: 'Cancelada', tone: 'danger' },
};

function MyAuctionCard({ auction, now }: { auction: AuctionSummary; now: number }) {
  const toast = useToast();
  const activate = useActivateAuction();
  const status = statusLabels[auction.status];
  // Activating removes its button: the keyboard focus goes to the auction's title, not to the top
  // of the page.
  const titleLink = useRef<HTMLAnchorElement>(null);
  const countdown =
    auction.status === 'upcoming'
      ? auction.start_time
        ? `Inicia: ${new Date(auction.start_time).toLocaleString('es-CO')}`
        : 'Activación manual'
      : formatCountdown(auction.end_time, now);

  return (
    <article className={`card ${styles.myCard}`} aria-labelledby={`my-auction-${auction.id}`}>
      <AuctionImageGrid products={auction.products} total={auction.product_count} />
      <div className={cardStyles.cardTitleRow}>
        <h2 id={`my-auction-${auction.id}`} className={cardStyles.cardTitle}>
          <Link ref={titleLink} to={paths.auctionProducts.getHref(auction.id)}>
            {auction.title}
          </Link>
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className={styles.offers}>
        <div>
          <dt>Oferta mínima:</dt>
          <dd>${formatNumber(auction.min_offer)}</dd>
        </div>
        <div>
          <dt>Oferta máxima:</dt>
          <dd>{auction.max_offer > 0 ? `$${formatNumber(auction.max_offer)}` : 'Sin límite'}</dd>
        </div>
      </dl>
      <TimeLeft className={cardStyles.timeLeft}>{countdown}</TimeLeft>
      {auction.status === 'upcoming' ? (
        <Button
          variant="accent"
          busy={activate.isPending}
          onClick={() =>
            activate.mutate(auction.id, {
              onError: () => toast.error(auctionMessages.activateError),
              onSuccess: () => {
                titleLink.current?.focus();
                toast.success('Subasta activada exitosamente');
              },
            })
          }
        >
          {activate.isPending ? 'Activando...' : 'Activar Subasta'}
        </Button>
      ) : null}
    </article>
  );
}

/** 'Mis subastas': the seller's auctions, each with its status, countdown and activation. */
export function MyAuctionsView({ search }: { search?: string }) {
  const query = useSellerAuctions(search);
  const now = useServerNow(1000);
  if (query.isPending) return <Spinner label="Cargando subastas..." />;
  if (query.isError) {
    return (
      <Alert kind="error" as="div">
        {auctionMessages.myAuctionsError}
      </Alert>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <div className="empty-state stack">
        <p className="flush">No se encontraron subastas</p>
        <p className="flush">
          <LinkButton to={paths.products.getHref()} variant="primary">
            Crear una subasta
          </LinkButton>
        </p>
      </div>
    );
  }
  return (
    <ul className={`grid ${cardStyles.cardList}`} aria-label="Mis subastas">
      {query.data.items.map((auction) => (
        <li key={auction.id}>
          <MyAuctionCard auction={auction} now={now} />
        </li>
      ))}
    </ul>
  );
}
