import { lazy, Suspense } from 'react';
import styles from './daily-chart.module.css';
import type { DailyChartProps } from './daily-chart-types.ts';

export type { DailyChartProps } from './daily-chart-types.ts';

/** The height of the plot, kept while the charting code loads so nothing jumps. */
const DAILY_CHART_HEIGHT = 240;

// The charting library is large: it loads with the first chart shown, never with the page that
// merely links to one (and never with the first page of the site).
const RechartsDailyChart = lazy(() => import('./recharts-daily-chart.tsx'));

/**
 * A chart of one figure per day. The drawing is a picture for sighted readers; its name says
 * what it shows and where the same numbers are as a table, which screen readers read instead.
 */
export function DailyChart({ title, tableId, height = DAILY_CHART_HEIGHT, ...chart }: DailyChartProps) {
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <div
        role="img"
        aria-label={tableId ? `${title}. Los mismos datos están en la tabla de abajo.` : title}
        className={styles.plot}
        style={{ height }}
      >
        <Suspense fallback={<div className={styles.placeholder} />}>
          <RechartsDailyChart title={title} {...chart} height={height} />
        </Suspense>
      </div>
    </figure>
  );
}
