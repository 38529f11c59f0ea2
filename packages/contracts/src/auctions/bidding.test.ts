import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyMessages } from '../common/money.ts';
import { bidMessages, suggestedNextBid, validateBid } from './bidding.ts';

describe('validateBid', () => {
  const cases: Array<[string, Parameters<typeof validateBid>[0], string | null]> = [
    ['zero', { amount: 0, highest: 0, min_offer: 0, max_offer: 0 }, bidMessages.invalidAmount],
    ['negative', { amount: -5, highest: 0, min_offer: 0, max_offer: 0 }, bidMessages.invalidAmount],
    ['NaN', { amount: Number.NaN, highest: 0, min_offer: 0, max_offer: 0 }, bidMessages.invalidAmount],
    ['Infinity', { amount: Infinity, highest: 0, min_offer: 0, max_offer: 0 }, moneyMessages.tooLarge],
    [
      'fractional centavo',
      { amount: 10.001, highest: 0, min_offer: 0, max_offer: 0 },
      moneyMessages.fraction,
    ],
    ['absurdly large', { amount: 1e15, highest: 0, min_offer: 0, max_offer: 0 }, moneyMessages.tooLarge],
    ['at the maximum', { amount: 10_000_000_000, highest: 0, min_offer: 0, max_offer: 0 }, null],
    [
      'a peso above the maximum',
      { amount: 10_000_000_001, highest: 0, min_offer: 0, max_offer: 0 },
      moneyMessages.tooLarge,
    ],
    ['first bid, no rules', { amount: 1, highest: 0, min_offer: 0, max_offer: 0 }, null],
    [
      'first bid with centavos',
      { amount: 10.5, highest: 0, min_offer: 0, max_offer: 0 },
      moneyMessages.fraction,
    ],
    [
      'centavos below the highest',
      { amount: 90.5, highest: 100, min_offer: 0, max_offer: 0 },
      moneyMessages.fraction,
    ],
    ['equal to highest', { amount: 100, highest: 100, min_offer: 0, max_offer: 0 }, bidMessages.tooLow(100)],
    ['below highest', { amount: 90, highest: 100, min_offer: 0, max_offer: 0 }, bidMessages.tooLow(100)],
    ['just above highest', { amount: 101, highest: 100, min_offer: 0, max_offer: 0 }, null],
    [
      'below min increment',
      { amount: 105, highest: 100, min_offer: 10, max_offer: 0 },
      bidMessages.minIncrement(10),
    ],
    ['exactly min increment', { amount: 110, highest: 100, min_offer: 10, max_offer: 0 }, null],
    [
      'first bid below min increment',
      { amount: 5, highest: 0, min_offer: 10, max_offer: 0 },
      bidMessages.minIncrement(10),
    ],
    ['first bid at min increment', { amount: 10, highest: 0, min_offer: 10, max_offer: 0 }, null],
    [
      'above max increment',
      { amount: 151, highest: 100, min_offer: 0, max_offer: 50 },
      bidMessages.maxIncrement(50),
    ],
    ['exactly max increment', { amount: 150, highest: 100, min_offer: 0, max_offer: 50 }, null],
    [
      'first bid above max (0 + max)',
      { amount: 60, highest: 0, min_offer: 0, max_offer: 50 },
      bidMessages.maxIncrement(50),
    ],
    ['inside both limits', { amount: 130, highest: 100, min_offer: 10, max_offer: 50 }, null],
    [
      'too low wins over increments',
      { amount: 50, highest: 100, min_offer: 10, max_offer: 50 },
      bidMessages.tooLow(100),
    ],
    [
      'negative with centavos is not a valid bid',
      { amount: -0.5, highest: 0, min_offer: 0, max_offer: 0 },
      bidMessages.invalidAmount,
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(validateBid(input)).toBe(expected);
  });

  it('formats the amounts in the messages with grouping and a $ sign', () => {
    expect(bidMessages.tooLow(1234567)).toBe('Tu puja debe ser mayor que la puja actual de $1.234.567');
    expect(bidMessages.minIncrement(5000)).toBe('El incremento mínimo de puja es $5.000');
    expect(bidMessages.maxIncrement(20000)).toBe(
      'El incremento máximo permitido sobre la puja actual es $20.000',
    );
  });

  it('suggests highest + min_offer, or + 5 without a minimum', () => {
    expect(suggestedNextBid(0, 0)).toBe(5);
    expect(suggestedNextBid(100, 0)).toBe(105);
    expect(suggestedNextBid(100, 20)).toBe(120);
  });

  it('accepts the suggested next bid whenever the max increment allows it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (highest, min_offer) => {
          const amount = suggestedNextBid(highest, min_offer);
          expect(validateBid({ amount, highest, min_offer, max_offer: 0 })).toBeNull();
        },
      ),
    );
  });

  it('for any sequence of bids, the accepted ones strictly increase and respect the increments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 })),
        fc.array(fc.oneof(fc.integer({ min: -100, max: 20_000 }), fc.double({ min: -10, max: 20_000 })), {
          maxLength: 60,
        }),
        (minOffer, extra, amounts) => {
          const maxOffer = extra === 0 ? 0 : minOffer + extra;
          let highest = 0;
          const accepted: number[] = [];
          for (const amount of amounts) {
            if (validateBid({ amount, highest, min_offer: minOffer, max_offer: maxOffer }) === null) {
              accepted.push(amount);
              highest = amount;
            }
          }
          let previous = 0;
          for (const amount of accepted) {
            expect(Number.isInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThan(previous);
            if (minOffer > 0)
              expect(Math.round(amount * 100)).toBeGreaterThanOrEqual(
                Math.round((previous + minOffer) * 100),
              );
            if (maxOffer > 0)
              expect(Math.round(amount * 100)).toBeLessThanOrEqual(Math.round((previous + maxOffer) * 100));
            previous = amount;
          }
        },
      ),
    );
  });

  it('rejects every amount that is not above the highest bid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (highest, below) => {
          const amount = Math.max(highest - below, 1);
          if (amount > highest) return;
          const message = validateBid({ amount, highest, min_offer: 0, max_offer: 0 });
          expect(message).toBe(bidMessages.tooLow(highest));
        },
      ),
    );
  });
});
