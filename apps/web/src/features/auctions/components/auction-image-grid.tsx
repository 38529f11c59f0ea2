import { AUCTION_CARD_IMAGES, type AuctionCardProduct } from '@app/contracts';
import { SafeImage } from '../../../components/ui/image.tsx';
import styles from './auction-cards.module.css';
import { LivePriceTag } from './live-price.tsx';

/** Up to AUCTION_CARD_IMAGES product thumbnails; a '+N' overlay on the last one counts the rest. */
export function AuctionImageGrid({
  products,
  total,
  priority = false,
  liveAuctionId,
}: {
  products: AuctionCardProduct[];
  total?: number;
  /** A running auction's id: each thumbnail shows its product's price, live. */
  liveAuctionId?: number;
  /** Above the fold: loaded at once and first, not lazily. */
  priority?: boolean;
}) {
  const shown = products.slice(0, AUCTION_CARD_IMAGES);
  const extra = (total ?? products.length) - shown.length;
  if (shown.length === 0) {
    return (
      <div className={styles.imageGrid} data-count={1}>
        <SafeImage src={null} alt="Sin imagen" className={styles.gridImage} />
      </div>
    );
  }
  return (
    <div className={styles.imageGrid} data-count={shown.length}>
      {shown.map((p, i) => (
        <div key={p.id} className={styles.gridCell}>
          <SafeImage
            src={p.thumbnail ?? p.image}
            alt={p.name}
            className={styles.gridImage}
            {...(priority ? { loading: 'eager', fetchPriority: 'high' } : {})}
          />
          {i === shown.length - 1 && extra > 0 ? (
            <span className={styles.overflow} role="img" aria-label={`${extra} productos más`}>
              +{extra}
            </span>
          ) : null}
          {liveAuctionId === undefined ? null : (
            <LivePriceTag auctionId={liveAuctionId} productId={p.id} name={p.name} />
          )}
        </div>
      ))}
    </div>
  );
}
