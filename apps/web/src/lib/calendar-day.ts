/**
 * A calendar day ("2026-11-26", no time, no zone) as people read it: split, never parsed as a
 * Date, which would read it as UTC midnight and show the day before in Bogotá.
 */
export function calendarDayLabel(date: string): string {
  const [year, month, day] = date.split('-');
  return day && month && year ? `${day}/${month}/${year}` : date;
}

/** "2026-11-26" -> "26/11": the day as a chart's axis shows it. */
export function shortCalendarDay(date: string): string {
  const [, month, day] = date.split('-');
  return day && month ? `${day}/${month}` : date;
}
