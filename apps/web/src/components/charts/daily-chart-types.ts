/** What `DailyChart` draws; apart so the drawing's code and its wrapper share it without a cycle. */

/** One figure per day, oldest first. */
interface DailyPoint {
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
  /** The plot's height in pixels (240 unless told). */
  height?: number;
}
