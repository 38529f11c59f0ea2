import { type AuctionSummary, formatTimeLeft } from '@app/contracts';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { needsLogin } from '../lib/login-redirect.ts';
import { AuctionImageGrid } from './auction-image-grid.tsx';
import styles from './auctions.module.css';

/** A card of the active auctions list and the seller grid. */
export function AuctionCard({ auction, now }: { auction: AuctionSummary; now: number }) {
  const navigate = useNavigate();
  const target = paths.auctionProducts.getHref(auction.id);
  const count = auction.product_count;
  const view = () => {
    if (needsLogin(target)) navigate(paths.login.getHref());
    else navigate(target);
  };
  return (
    <article className={`card ${styles.auctionCard}`} aria-labelledby={`auction-${auction.id}-title`}>
      <AuctionImageGrid products={auction.products} total={count} />
      <div className={styles.cardBody}>
        <div className={styles.cardTitleRow}>
          <h3 id={`auction-${auction.id}-title`} className={styles.cardTitle}>
            {auction.title}
          </h3>
          {auction.status === 'active' ? <span className="badge badge-live">Live</span> : null}
          {auction.is_flash ? <span className="badge badge-accent">Flash</span> : null}
        </div>
        <p className={styles.cardMeta}>
          {count} {count === 1 ? 'artículo' : 'artículos'}
        </p>
        <p className={styles.timeLeft}>
          <span className="sr-only">Tiempo restante: </span>
          <span aria-hidden="true">⏱ </span>
          <span>{formatTimeLeft(auction.end_time, now)}</span>
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={view}
          aria-label={`Ver subasta ${auction.title}`}
        >
          View
        </button>
      </div>
    </article>
  );
}
