import { ratingSummaryText } from '@app/contracts';
import styles from './rating-summary.module.css';
import { Stars } from './stars.tsx';

/** A seller's average as stars plus "4,5 (12 calificaciones)"; shown on profiles and cards. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  return (
    <p className={styles.summary} data-rating-count={count}>
      {average !== null && <Stars score={average} label={`Calificación promedio: ${average} de 5`} />}
      <span>{ratingSummaryText(average, count)}</span>
    </p>
  );
}
