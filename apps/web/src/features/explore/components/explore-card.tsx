import { type BrowseItem, formatCOP, formatTimeLeft } from '@app/contracts';
import { Link } from 'react-router';
import { AttributeBadges } from '../../../components/ui/attribute-badges.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { paths } from '../../../config/paths.ts';
import { useLiveCard, useLiveCardState } from '../../../lib/live-cards.ts';
import styles from './explore.module.css';

/** One result: a running auction's product (price so far, time left, bids) or a buy-now product. */
export function ExploreCard({
  item,
  now,
  priority = false,
}: {
  item: BrowseItem;
  now: number;
  /** Among the first cards a phone shows: its image is the page's largest paint, fetched at once and first. */
  priority?: boolean;
}) {
  const auction = item.kind === 'auction';
  // A running auction's card follows its price, bids and end while in view.
  const liveId = auction ? item.auction_id : null;
  const live = useLiveCard(liveId === null ? [] : [{ auctionId: liveId, productId: item.product_id }]);
  const state = useLiveCardState(liveId, item.product_id);
  const fresh = state && state.bid_count >= item.bids_count ? state : undefined;
  const price = fresh?.price ?? item.price;
  const bids = fresh?.bid_count ?? item.bids_count;
  const endTime = fresh ? fresh.end_time : item.end_time;
  const href = auction
    ? paths.productAuction.getHref(item.product_id)
    : paths.buyProduct.getHref(item.product_id);
  return (
    <article
      ref={live.ref}
      className={`card ${styles.card}`}
      data-live={liveId === null ? undefined : live.watching ? 'on' : 'off'}
    >
      <SafeImage
        src={item.image ?? undefined}
        alt={item.name}
        className="card-image"
        {...(priority ? { loading: 'eager', fetchPriority: 'high' } : {})}
      />
      <div className={styles.cardBody}>
        <p className={styles.kindRow}>
          {auction ? <Badge tone="live">Subasta</Badge> : <Badge tone="success">Compra directa</Badge>}
        </p>
        <h2 className={styles.cardTitle}>
          <Link to={href} className={styles.stretchedLink}>
            {item.name}
          </Link>
        </h2>
        <p className={styles.cardMeta}>
          {[item.brand, item.scale].filter(Boolean).join(' · ')} · {item.seller_username}
        </p>
        <AttributeBadges condition={item.condition} grading={item.grading} />
        <p className={styles.price}>
          <span className="sr-only">
            {auction ? (bids > 0 ? 'Puja actual: ' : 'Precio base: ') : 'Precio: '}
          </span>
          <span
            key={price}
            className={price === item.price ? undefined : styles.priceChanged}
            data-testid="card-price"
          >
            {formatCOP(price)}
          </span>
        </p>
        {auction ? (
          <p className={styles.cardMeta}>
            {bids} {bids === 1 ? 'puja' : 'pujas'} · {formatTimeLeft(endTime, now)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
