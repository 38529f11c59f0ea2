import { type BrowseItem, formatCOP, formatTimeLeft } from '@app/contracts';
import { Link } from 'react-router';
import { AttributeBadges } from '../../../components/ui/attribute-badges.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './explore.module.css';

/** One result: a running auction's product (price so far, time left, bids) or a buy-now product. */
export function ExploreCard({ item, now }: { item: BrowseItem; now: number }) {
  const auction = item.kind === 'auction';
  const href = auction
    ? paths.productAuction.getHref(item.product_id)
    : paths.buyProduct.getHref(item.product_id);
  return (
    <article className={`card ${styles.card}`}>
      <SafeImage src={item.image ?? undefined} alt={item.name} className="card-image" />
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
            {auction ? (item.bids_count > 0 ? 'Puja actual: ' : 'Precio base: ') : 'Precio: '}
          </span>
          {formatCOP(item.price)}
        </p>
        {auction ? (
          <p className={styles.cardMeta}>
            {item.bids_count} {item.bids_count === 1 ? 'puja' : 'pujas'} ·{' '}
            {formatTimeLeft(item.end_time, now)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
