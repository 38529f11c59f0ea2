import { describe, expect, it } from 'vitest';
import {
  formatBidTimestamp,
  formatCOP,
  formatCOPExact,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatNumber,
  marketDay,
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

  it("formatDateTime shows the short date and Colombia's time (UTC-5), whatever the device's zone", () => {
    expect(formatDateTime(noon)).toMatch(/^22\/11\/26, 7:00\sa\. m\.$/);
    // 03:00 UTC on the 23rd is still the 22nd in Bogotá.
    expect(formatDateTime('2026-11-23T03:00:00Z')).toMatch(/^22\/11\/26, 10:00\sp\. m\.$/);
  });

  it("formatLongDate names Colombia's day, not UTC's or the device's", () => {
    expect(formatLongDate('2026-11-23T03:00:00Z')).toBe('22 de noviembre de 2026');
    expect(formatLongDate('2026-11-23T05:00:00Z')).toBe('23 de noviembre de 2026');
  });

  it.each([null, undefined, '', 'garbage'])('formatDateTime(%s) -> N/A', (value) => {
    expect(formatDateTime(value)).toBe('N/A');
  });

  it("formatBidTimestamp: es-ES day, short month, 24 h time in Colombia's time", () => {
    expect(formatBidTimestamp(noon)).toBe('22 nov, 07:00');
    expect(formatBidTimestamp(new Date(noon))).toBe('22 nov, 07:00');
    expect(formatBidTimestamp('2026-12-01T04:59:00Z')).toBe('30 nov, 23:59');
  });

  it.each([null, undefined, '', 'garbage'])('formatBidTimestamp(%s) does not throw and says N/A', (value) => {
    expect(formatBidTimestamp(value)).toBe('N/A');
  });
});

/**
 * Whole numbers, pesos and bid times are written without Intl (its first formatter loads the
 * locale data on the page's main thread): the same text as Intl's, over a sweep.
 */
describe('the hand-written formats say what Intl says', () => {
  const intlNumber = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
  const intlCop = new Intl.NumberFormat('es-CO', {
    style: 'currency',
    currency: 'COP',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const intlBidTime = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'America/Bogota',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const edges = [
    0,
    -0,
    0.5,
    -0.4,
    -0.5,
    1.5,
    2.5,
    999.5,
    1234.5,
    -1234.5,
    1e6 - 0.5,
    2 ** 53,
    1e20,
    1e21,
    1e22,
  ];
  const odd = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const sweep = Array.from({ length: 2000 }, (_, i) => {
    const magnitude = 10 ** (i % 16);
    return (random() - 0.2) * magnitude;
  });

  it.each([...edges, ...odd])('formatNumber and formatCOP of %s', (value) => {
    expect(formatNumber(value)).toBe(intlNumber.format(value));
    expect(formatCOP(value)).toBe(intlCop.format(value).replace(/\u00a0/g, ' '));
  });

  it('formatNumber and formatCOP over 2,000 values of every size', () => {
    for (const value of sweep) {
      expect(formatNumber(value)).toBe(intlNumber.format(value));
      expect(formatCOP(value)).toBe(intlCop.format(value).replace(/\u00a0/g, ' '));
    }
  });

  it('formatBidTimestamp on every month, at the edges of the day', () => {
    for (let month = 0; month < 12; month++)
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [15, 12, 30],
        [28, 23, 59],
      ] as const) {
        const date = new Date(Date.UTC(2026, month, day, hour, minute));
        expect(formatBidTimestamp(date)).toBe(intlBidTime.format(date));
        expect(formatBidTimestamp(date.toISOString())).toBe(intlBidTime.format(date));
      }
  });
});

describe('marketDay', () => {
  it("is Bogotá's calendar day: it turns at 05:00 UTC", () => {
    expect(marketDay(new Date('2026-12-02T04:59:59.999Z'))).toBe('2026-12-01');
    expect(marketDay(new Date('2026-12-02T05:00:00.000Z'))).toBe('2026-12-02');
    expect(marketDay(new Date('2027-01-01T03:00:00.000Z'))).toBe('2026-12-31');
  });
});
