import { describe, expect, it } from 'vitest';
import { calendarDayLabel, shortCalendarDay } from './calendar-day.ts';

describe('calendar days', () => {
  it.each([
    ['2026-11-26', '26/11/2026', '26/11'],
    ['2026-01-01', '01/01/2026', '01/01'],
    ['raro', 'raro', 'raro'],
  ])('%s reads %s (axis %s)', (date, long, short) => {
    expect(calendarDayLabel(date)).toBe(long);
    expect(shortCalendarDay(date)).toBe(short);
  });
});
