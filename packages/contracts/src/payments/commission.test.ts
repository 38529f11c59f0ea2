import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCommission, rateToBasisPoints } from './commission.ts';

describe('computeCommission (centavos in, centavos out)', () => {
  const cases: Array<[number, number, number, number]> = [
    // amount, rate, commission, payable
    [0, 0.1, 0, 0],
    [1, 0.1, 0, 1], // 0.1 centavo rounds down
    [5, 0.1, 1, 4], // 0.5 centavo rounds half up
    [100, 0.1, 10, 90],
    [12_345, 0.1, 1_235, 11_110], // $123,45 → commission $12,35 (1234.5 rounds up)
    [12_344, 0.1, 1_234, 11_110],
    [15_000_000, 0.1, 1_500_000, 13_500_000], // $150.000
    [9_999_999, 0.1, 1_000_000, 8_999_999], // $99.999,99
    [250_075, 0.075, 18_756, 231_319], // 7,5 % of $2.500,75 = 18755.625 → 18756
    [100_001, 0.15, 15_000, 85_001], // 15000.15 → 15000
    [333, 1 / 3, 111, 222], // rate read as 33,33 %
    [100_000, 0, 0, 100_000],
    [100_000, 1, 100_000, 0],
    [Number.MAX_SAFE_INTEGER, 0.1, 900_719_925_474_099, 8_106_479_329_266_892],
  ];
  it.each(cases)('%i centavos at %f → %i + %i', (amount, rate, commission, payable) => {
    const result = computeCommission(amount, rate);
    expect(result).toEqual({ commission, payable });
  });

  it('rejects fractions of a centavo, negatives and bad rates', () => {
    expect(() => computeCommission(10.5, 0.1)).toThrow(RangeError);
    expect(() => computeCommission(-1, 0.1)).toThrow(RangeError);
    expect(() => computeCommission(100, 1.5)).toThrow(RangeError);
    expect(() => computeCommission(100, Number.NaN)).toThrow(RangeError);
  });

  it('reads the rate in basis points, free of binary fractions', () => {
    expect(rateToBasisPoints(0.1)).toBe(1000);
    expect(rateToBasisPoints(0.07)).toBe(700);
    expect(rateToBasisPoints(0.0725)).toBe(725);
  });

  it('always splits the whole amount: commission + payable = amount, both integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000_00 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const { commission, payable } = computeCommission(amount, bps / 10_000);
          expect(Number.isInteger(commission) && Number.isInteger(payable)).toBe(true);
          expect(commission + payable).toBe(amount);
          expect(commission).toBeGreaterThanOrEqual(0);
          expect(Math.abs(commission - (amount * bps) / 10_000)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
