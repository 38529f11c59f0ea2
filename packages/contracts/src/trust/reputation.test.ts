import { describe, expect, it } from 'vitest';
import { reputationOf, reputationPeriod } from './reputation.ts';

const of = (sales: number, claims = 0, late = 0, cancelled = 0) =>
  reputationOf({ periodDays: 60, sales, claims, late, cancelled }).level;

describe('reputation thermometer', () => {
  it('is nuevo below 10 sales, whatever the rates', () => {
    expect(of(9)).toBe('nuevo');
    expect(of(9, 5, 5, 5)).toBe('nuevo');
    expect(of(10)).toBe('verde');
    expect(of(0)).toBe('nuevo');
  });

  it('uses 365 days while 60 days hold fewer than 40 sales', () => {
    expect(reputationPeriod(39)).toBe(365);
    expect(reputationPeriod(40)).toBe(60);
  });

  it.each([
    // claims: exactly 1% is no longer verde, just under is
    [100, 1, 0, 0, 'verde_claro'],
    [101, 1, 0, 0, 'verde'],
    [100, 2, 0, 0, 'amarillo'],
    [100, 4, 0, 0, 'naranja'],
    [100, 7, 0, 0, 'rojo'],
    [1000, 69, 0, 0, 'naranja'],
    // late shipping: 6%, 10%, 15%, 20%
    [100, 0, 6, 0, 'verde_claro'],
    [101, 0, 6, 0, 'verde'],
    [100, 0, 10, 0, 'amarillo'],
    [100, 0, 15, 0, 'naranja'],
    [100, 0, 20, 0, 'rojo'],
    [100, 0, 19, 0, 'naranja'],
    // cancellations: 0.5%, 1%, 2%, 4%
    [200, 0, 0, 1, 'verde_claro'],
    [201, 0, 0, 1, 'verde'],
    [100, 0, 0, 1, 'amarillo'],
    [100, 0, 0, 2, 'naranja'],
    [100, 0, 0, 4, 'rojo'],
  ])('%i sales, %i claims, %i late, %i cancelled: %s', (sales, claims, late, cancelled, level) => {
    expect(of(sales, claims, late, cancelled)).toBe(level);
  });

  it('takes the worst colour any rate earns', () => {
    expect(of(100, 0, 19, 1)).toBe('naranja');
    expect(of(100, 1, 0, 4)).toBe('rojo');
  });

  it('answers rates as fractions', () => {
    expect(reputationOf({ periodDays: 365, sales: 20, claims: 1, late: 2, cancelled: 0 })).toEqual({
      level: 'naranja',
      period_days: 365,
      sales: 20,
      claims_rate: 0.05,
      late_shipping_rate: 0.1,
      cancellation_rate: 0,
    });
  });
});
