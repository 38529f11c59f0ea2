import { formatNumber, formatTimeLeft, msUntil, type WatchlistItem, watchlistMessages } from '@app/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useWatchlist } from '../api/watchlist.ts';
import { WatchButton } from './watch-button.tsx';
import styles from './watchlist.module.css';

const statusLabel: Record<string, string> = {
  available: 'Disponible',
  in_auction: 'En subasta',
  sold: 'Vendido',
};

function Row({ item, now }: { item: WatchlistItem; now: number }) {
  const inAuction = item.auction_id !== null;
  const href = inAuction
    ? paths.productAuction.getHref(item.product_id)
    : paths.product.getHref(item.product_id);
  const left = msUntil(item.end_time, now);
  return (
    <li className={`card ${styles.item}`}>
      <SafeImage src={item.image} alt="" className={styles.thumb} />
      <div>
        <h2 className={styles.name}>
          <Link to={href}>{item.name}</Link>
        </h2>
        <p className={`muted ${styles.meta}`}>
          <span>{statusLabel[item.status] ?? item.status}</span>
          {inAuction ? (
            <>
              <span>Puja actual: ${formatNumber(item.highest_bid ?? 0)}</span>
              <span role="timer" aria-live="off">
                {left !== null && left > 0
                  ? `Termina en ${formatTimeLeft(item.end_time, now)}`
                  : 'Subasta finalizada'}
              </span>
            </>
          ) : null}
        </p>
      </div>
      <WatchButton productId={item.product_id} name={item.name} />
    </li>
  );
}

/** The 'Favoritos' page: followed products with live prices and countdowns (server clock). */
export function WatchlistView() {
  const query = useWatchlist({ refreshMs: 15_000 });
  const now = useServerNow(1000);
  if (query.isPending) return <Spinner label="Cargando favoritos..." />;
  if (query.isError) {
    return (
      <Alert kind="error" as="div">
        {errorMessage(query.error, watchlistMessages.loadError)}{' '}
        <Button onClick={() => void query.refetch()}>Reintentar</Button>
      </Alert>
    );
  }
  if (query.data.items.length === 0) return <p className="muted">{watchlistMessages.empty}</p>;
  return (
    <ul className={styles.list}>
      {query.data.items.map((item) => (
        <Row key={item.product_id} item={item} now={now} />
      ))}
    </ul>
  );
}
