import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { calendarDayLabel, shortCalendarDay } from '../../lib/calendar-day.ts';
import type { DailyChartProps } from './daily-chart-types.ts';

const PRIMARY = '#1d3557';
const GRID = '#d5dce5';
const AXIS_TEXT = '#424c59';

/** The Recharts drawing behind `DailyChart` (its only importer, through React.lazy). */
export default function RechartsDailyChart({
  title,
  points,
  kind,
  formatValue,
  formatAxisValue,
  height,
}: Omit<DailyChartProps, 'tableId'> & { height: number }) {
  const axis = {
    x: (
      <XAxis
        dataKey="date"
        tickFormatter={shortCalendarDay}
        tick={{ fill: AXIS_TEXT, fontSize: 12 }}
        tickLine={false}
        axisLine={{ stroke: GRID }}
        minTickGap={16}
      />
    ),
    y: (
      <YAxis
        tickFormatter={formatAxisValue ?? formatValue}
        tick={{ fill: AXIS_TEXT, fontSize: 12 }}
        tickLine={false}
        axisLine={false}
        width={kind === 'area' ? 84 : 40}
        allowDecimals={false}
      />
    ),
    grid: <CartesianGrid stroke={GRID} vertical={false} />,
    tooltip: (
      <Tooltip
        formatter={(value) => formatValue(Number(value))}
        labelFormatter={(label) => calendarDayLabel(String(label))}
        cursor={{ fill: 'rgba(29, 53, 87, 0.08)' }}
      />
    ),
  };
  // The keyboard layer of Recharts would make the picture a tab stop that reads nothing useful:
  // the table beside it is what keyboard and screen-reader users get.
  const common = {
    data: points,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    accessibilityLayer: false,
  };
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'bar' ? (
        <BarChart {...common}>
          {axis.grid}
          {axis.x}
          {axis.y}
          {axis.tooltip}
          <Bar dataKey="value" name={title} fill={PRIMARY} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      ) : (
        <AreaChart {...common}>
          {axis.grid}
          {axis.x}
          {axis.y}
          {axis.tooltip}
          <Area
            dataKey="value"
            name={title}
            type="linear"
            stroke={PRIMARY}
            strokeWidth={2}
            fill="rgba(29, 53, 87, 0.15)"
            isAnimationActive={false}
          />
        </AreaChart>
      )}
    </ResponsiveContainer>
  );
}
