import { describe, expect, it } from 'vitest';
import {
  formatBidTimestamp,
  formatCOP,
  formatCOPExact,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatNumber,
} from './format.ts';

describe('formatNumber: no decimals, "." grouping', () => {
  it.each([
    [0, '0'],
    [5, '5'],
    [999, '999'],
    [1234, '1.234'],
    [1234567, '1.234.567'],
    [1234.4, '1.234'],
    [1234.6, '1.235'],
    [-2500, '-2.500'],
    [null, '0'],
    [undefined, '0'],
  ])('%s -> %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('formatCOP: pesos with a $ sign, whole', () => {
  it.each([
    [0, '$ 0'],
    [1500, '$ 1.500'],
    [1234567, '$ 1.234.567'],
    [99.5, '$ 100'],
    [null, '$ 0'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCOP(value)).toBe(expected);
  });

  it('uses plain spaces (no non-breaking space) so text matching works', () => {
    expect(formatCOP(1000)).not.toMatch(/\u00a0/);
  });
});

describe('formatCOPExact: keeps centavos', () => {
  it.each([
    [1234.5, '$ 1.234,5'],
    [1234.56, '$ 1.234,56'],
    [1000, '$ 1.000'],
    [0.1, '$ 0,1'],
    [undefined, '$ 0'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCOPExact(value)).toBe(expected);
  });
});

describe('formatMoney: amount with its currency code', () => {
  it.each([
    [10, 'COP', '$ 10'],
    [1500000, 'COP', '$ 1.500.000'],
    [10, 'USD', 'US$ 10,00'],
    [10.5, 'USD', 'US$ 10,50'],
    [10, null, 'US$ 10,00'],
    [null, 'COP', '$ 0'],
  ])('%s %s -> %s', (value, currency, expected) => {
    expect(formatMoney(value, currency)).toBe(expected);
  });
});

describe('dates', () => {
  // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
  const noon = '2026-11-22T12:00:00Z';

  it.each([
    [noon, '22 de noviembre de 2026'],
    [new Date('2026-01-05T12:00:00Z'), '5 de enero de 2026'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['no es una fecha', 'N/A'],
  ])('formatLongDate(%s) -> %s', (value, expected) => {
    expect(formatLongDate(value)).toBe(expected);
  });

  it('formatDateTime shows the short date and the local time', () => {
    const date = new Date(noon);
    const text = formatDateTime(date);
    expect(text).toMatch(/^22\/11\/26, /);
    const hour12 = date.getHours() % 12 || 12;
    expect(text).toContain(`${hour12}:${String(date.getMinutes()).padStart(2, '0')}`);
    expect(text).toMatch(/[ap]\. m\.$/);
  });

  it.each([null, undefined, '', 'garbage'])('formatDateTime(%s) -> N/A', (value) => {
    expect(formatDateTime(value)).toBe('N/A');
  });

  it('formatBidTimestamp: es-ES day, short month, 24 h time', () => {
    const date = new Date(noon);
    const hh = String(date.getHours()).padStart(2, '0');
    const mm = String(date.getMinutes()).padStart(2, '0');
    expect(formatBidTimestamp(noon)).toBe(`22 nov, ${hh}:${mm}`);
    expect(formatBidTimestamp(date)).toBe(`22 nov, ${hh}:${mm}`);
  });

  it.each([null, undefined, '', 'garbage'])('formatBidTimestamp(%s) does not throw and says N/A', (value) => {
    expect(formatBidTimestamp(value)).toBe('N/A');
  });
});
