import { formatCOP } from '@app/contracts';
import { useRef } from 'react';
import { useLiveCardState } from '../../../lib/live-cards.ts';
import styles from './auction-cards.module.css';

/**
 * A product's price on an auction card's thumbnail, live while the card is in view: nothing until
 * the first state arrives, then the highest bid (else the starting price), marked for a moment
 * when it changes.
 */
export function LivePriceTag({
  auctionId,
  productId,
  name,
}: {
  auctionId: number;
  productId: number;
  name: string;
}) {
  const state = useLiveCardState(auctionId, productId);
  const first = useRef<number | null>(null);
  if (!state) return null;
  first.current ??= state.price;
  const changed = state.price !== first.current;
  return (
    <span
      // A new key per price replays the highlight on every change.
      key={state.price}
      className={`${styles.cellPrice} ${changed ? styles.priceChanged : ''}`}
      data-testid="card-price"
      data-product-id={productId}
    >
      <span className="sr-only">
        {state.bid_count > 0 ? `Puja actual de ${name}: ` : `Precio base de ${name}: `}
      </span>
      {formatCOP(state.price)}
    </span>
  );
}
