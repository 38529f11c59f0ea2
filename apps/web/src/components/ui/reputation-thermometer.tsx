import {
  formatNumber,
  REPUTATION_LEVELS,
  REPUTATION_MIN_SALES,
  type Reputation,
  type ReputationLevel,
  reputationLabels,
} from '@app/contracts';
import styles from './reputation-thermometer.module.css';

let intlPercent: Intl.NumberFormat | undefined;

/**
 * A rate from 0 to 1 as an es-CO percentage with at most one decimal ("0,5%", "12%"): the text
 * `Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 })` gives, written by
 * hand for rates in that range. The product pages show it in their first render, which stays off
 * Intl (its first formatter loads the locale data, tens of milliseconds of one task on a phone),
 * and the public profile renders it on the server too, whose ICU may not spell it as the
 * browser's does (a different text there breaks the hydration). Intl says anything out of range.
 */
export function formatRate(rate: number): string {
  if (!(rate >= 0 && rate <= 1) || Object.is(rate, -0)) {
    intlPercent ??= new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 });
    return intlPercent.format(rate);
  }
  // Intl rounds the shortest decimal that reads back as the same number (what toExponential
  // spells), half away from zero: tenths of a percent are that decimal times 1000.
  const [mantissa = '0', exponent = '0'] = rate.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const wholeDigits = Number(exponent) + 4;
  let tenths = 0;
  if (wholeDigits > 0) tenths = Number(digits.slice(0, wholeDigits).padEnd(wholeDigits, '0'));
  const next = wholeDigits >= 0 ? (digits[wholeDigits] ?? '0') : '0';
  if (next >= '5') tenths += 1;
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return tenth === 0 ? `${whole}%` : `${whole},${tenth}%`;
}

/** "en los últimos 60 días". */
const periodText = (days: number) => `en los últimos ${formatNumber(days)} días`;

const salesText = (sales: number) => (sales === 1 ? '1 venta' : `${formatNumber(sales)} ventas`);

/** Where a level stands, for a screen reader (the colours' scale is drawn for the eye). */
function scaleText(level: ReputationLevel): string {
  if (level === 'nuevo') return '';
  const step = REPUTATION_LEVELS.indexOf(level) + 1;
  return `, nivel ${step} de ${REPUTATION_LEVELS.length} (de rojo, el más bajo, a verde, el más alto)`;
}

/**
 * A seller's reputation thermometer: the level in words, a scale of five colours from rojo to
 * verde with the level marked, and the figures behind it (sales in the period, rates of claims,
 * late shipping and cancellations). `nuevo` (too few sales to tell) marks no colour.
 */
export function ReputationThermometer({
  reputation,
  className,
}: {
  reputation: Reputation;
  className?: string;
}) {
  const { level } = reputation;
  const isNew = level === 'nuevo';
  const figures: Array<[string, string]> = [
    ['Ventas', `${salesText(reputation.sales)} ${periodText(reputation.period_days)}`],
  ];
  // Without a sale there is nothing to take a rate of.
  if (reputation.sales > 0) {
    figures.push(
      ['Reclamos', formatRate(reputation.claims_rate)],
      ['Envíos tardíos', formatRate(reputation.late_shipping_rate)],
      ['Cancelaciones', formatRate(reputation.cancellation_rate)],
    );
  }
  return (
    <div
      className={className ? `${styles.thermometer} ${className}` : styles.thermometer}
      data-reputation-level={level}
    >
      <p className={styles.reading}>
        <span>Reputación:</span>{' '}
        <span className={styles.level} data-level={level}>
          {reputationLabels[level]}
        </span>
        <span className="sr-only">{scaleText(level)}</span>
      </p>
      <ol className={styles.scale} aria-hidden="true">
        {REPUTATION_LEVELS.map((colour) => (
          <li
            key={colour}
            className={styles.step}
            data-colour={colour}
            data-current={colour === level ? 'true' : undefined}
          />
        ))}
      </ol>
      {isNew ? (
        <p className={`muted ${styles.note}`}>
          Menos de {REPUTATION_MIN_SALES} ventas en el periodo: aún no hay suficientes para medir su
          reputación.
        </p>
      ) : null}
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
