import { lazy, Suspense } from 'react';
import styles from './daily-chart.module.css';

/** One figure per day, oldest first. */
export interface DailyPoint {
  /** The day, "YYYY-MM-DD". */
  date: string;
  value: number;
}

export interface DailyChartProps {
  /** What is drawn, e.g. 'GMV por día': the figure's caption and the picture's name. */
  title: string;
  points: DailyPoint[];
  /** Bars for counts, an area for amounts. */
  kind: 'bar' | 'area';
  /** How a value reads on the axis and in the tooltip (money, a count). */
  formatValue: (value: number) => string;
  /** The short form of a value for the vertical axis (e.g. "$ 1,2 M"). */
  formatAxisValue?: (value: number) => string;
  /** Where the same numbers are for people who cannot see the picture (a table's id). */
  tableId?: string;
}

/** The height of the plot, kept while the charting code loads so nothing jumps. */
export const DAILY_CHART_HEIGHT = 240;

// The charting library is large: it loads with the first chart shown, never with the page that
// merely links to one (and never with the first page of the site).
const RechartsDailyChart = lazy(() => import('./recharts-daily-chart.tsx'));

/**
 * A chart of one figure per day. The drawing is a picture for sighted readers; its name says
 * what it shows and where the same numbers are as a table, which screen readers read instead.
 */
export function DailyChart({ title, tableId, ...chart }: DailyChartProps) {
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <div
        role="img"
        aria-label={tableId ? `${title}. Los mismos datos están en la tabla de abajo.` : title}
        className={styles.plot}
        style={{ height: DAILY_CHART_HEIGHT }}
      >
        <Suspense fallback={<div className={styles.placeholder} />}>
          <RechartsDailyChart title={title} {...chart} height={DAILY_CHART_HEIGHT} />
        </Suspense>
      </div>
    </figure>
  );
}
