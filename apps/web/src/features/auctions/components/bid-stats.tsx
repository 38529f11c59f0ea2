import { formatNumber } from '@app/contracts';
import styles from './auctions.module.css';

type Props = {
  highest: number;
  timeLeftText: string;
  bidCount: number;
  reservePrice: number;
};

/** The race's figures: current bid, time left, number of bids and the reserve price. */
export function BidStats({ highest, timeLeftText, bidCount, reservePrice }: Props) {
  return (
    <dl className={styles.stats}>
      <div className={styles.stat}>
        <dt>Puja actual</dt>
        <dd>${formatNumber(highest)}</dd>
      </div>
      <div className={styles.stat}>
        <dt>Tiempo restante</dt>
        <dd>
          <span role="timer" aria-live="off" aria-label={`Tiempo restante: ${timeLeftText}`}>
            {timeLeftText}
          </span>
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>Total de pujas</dt>
        <dd>{bidCount}</dd>
      </div>
      <div className={styles.stat}>
        <dt>Precio de reserva</dt>
        <dd>${formatNumber(reservePrice)}</dd>
      </div>
    </dl>
  );
}
