/**
 * The day a sale was paid, on the marketplace's calendar (Colombia, UTC-5 all year), whatever
 * the reader's device is set to: the chart's points and the table's dates name the same day, and
 * a sale paid at 9 p.m. in Bogotá is not put on the next day (UTC's) or on the reader's own.
 */
const SALES_TIME_ZONE = 'America/Bogota';

let dayParts: Intl.DateTimeFormat | undefined;
let dayLabel: Intl.DateTimeFormat | undefined;

/** "2026-11-02T03:00:00Z" -> "2026-11-01": the chart's day key. */
export function saleDay(iso: string): string {
  dayParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SALES_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "2026-11-02T03:00:00Z" -> "1 de noviembre de 2026": the table's date. */
export function saleDayLabel(iso: string): string {
  dayLabel ??= new Intl.DateTimeFormat('es-CO', {
    timeZone: SALES_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return dayLabel.format(new Date(iso));
}
