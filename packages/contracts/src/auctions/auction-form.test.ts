import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyMessages } from '../common/money.ts';
import {
  checkOfferRange,
  checkStartTime,
  auctionFormMessages as m,
  makeCreateAuctionSchema,
} from './auction-form.ts';

const now = new Date('2026-11-22T12:00:00Z');
const base = { title: 'Subasta de prueba', products: [1, 2] };
const firstError = (input: unknown) => {
  const result = makeCreateAuctionSchema(now).safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('create auction rules', () => {
  const cases: Array<[string, unknown, string | null]> = [
    ['minimal payload with defaults', base, null],
    ['missing title', { ...base, title: undefined }, m.titleRequired],
    ['blank title', { ...base, title: '   ' }, m.titleRequired],
    ['negative min_offer', { ...base, min_offer: -1 }, m.minOfferInvalid],
    ['string min_offer', { ...base, min_offer: '5' }, m.minOfferInvalid],
    ['three decimals', { ...base, min_offer: 1.005 }, moneyMessages.fraction],
    ['centavos in max_offer', { ...base, max_offer: 10.5 }, moneyMessages.fraction],
    ['max_offer above the maximum', { ...base, max_offer: 1e11 }, moneyMessages.tooLarge],
    ['min_offer at the maximum', { ...base, min_offer: 10_000_000_000 }, null],
    ['negative max_offer', { ...base, max_offer: -0.01 }, m.maxOfferInvalid],
    ['max equal to min', { ...base, min_offer: 10, max_offer: 10 }, m.maxOfferAboveMin],
    ['max below min', { ...base, min_offer: 10, max_offer: 5 }, m.maxOfferAboveMin],
    ['max 0 means no limit', { ...base, min_offer: 10, max_offer: 0 }, null],
    ['max above min', { ...base, min_offer: 10, max_offer: 11 }, null],
    ['duration 0', { ...base, duration: 0 }, m.durationRange],
    ['duration 169', { ...base, duration: 169 }, m.durationRange],
    ['duration 1.5', { ...base, duration: 1.5 }, m.durationRange],
    ['duration 1', { ...base, duration: 1 }, null],
    ['duration 168', { ...base, duration: 168 }, null],
    ['start null', { ...base, started_at: null }, null],
    ['start empty', { ...base, started_at: '' }, null],
    ['start garbage', { ...base, started_at: 'mañana' }, m.startInvalid],
    ['start in the past', { ...base, started_at: '2026-11-22T11:00:00Z' }, m.startInPast],
    ['start a minute ago (submit time)', { ...base, started_at: '2026-11-22T11:59:00Z' }, null],
    ['start in 5 minutes', { ...base, started_at: '2026-11-22T12:05:00.000Z' }, null],
    ['start with an offset', { ...base, started_at: '2026-11-23T07:05:00-05:00' }, null],
    ['start exactly 7 days ahead', { ...base, started_at: '2026-11-29T12:00:00Z' }, null],
    ['start beyond 7 days', { ...base, started_at: '2026-11-29T12:05:00Z' }, m.startTooFar],
    ['no products', { ...base, products: [] }, m.productsRequired],
    ['products missing', { title: 'x' }, m.productsRequired],
    ['product ids not numbers', { ...base, products: ['a'] }, expect.any(String) as never],
    [
      'too many products',
      { ...base, products: Array.from({ length: 51 }, (_, i) => i + 1) },
      m.tooManyProducts,
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(firstError(input)).toEqual(expected);
  });

  it('applies the create-auction defaults and removes duplicate ids', () => {
    const parsed = makeCreateAuctionSchema(now).parse({ ...base, products: [3, 3, 4] });
    expect(parsed).toEqual({
      title: 'Subasta de prueba',
      min_offer: 0,
      max_offer: 0,
      is_flash: false,
      duration: 24,
      started_at: null,
      products: [3, 4],
    });
  });

  it('reports the offer range with the other fields failing, never on an offer that is no number', () => {
    const messages = (input: unknown) => {
      const result = makeCreateAuctionSchema(now).safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ title: '', min_offer: 10, max_offer: 5, duration: 0, products: [] })).toEqual([
      m.titleRequired,
      m.durationRange,
      m.productsRequired,
      m.maxOfferAboveMin,
    ]);
    expect(messages({ ...base, min_offer: 'x', max_offer: 5 })).toEqual([m.minOfferInvalid]);
    expect(messages({ ...base, min_offer: 10, max_offer: -1 })).toEqual([m.maxOfferInvalid]);
  });

  it('gives the start as a Date', () => {
    const parsed = makeCreateAuctionSchema(now).parse({ ...base, started_at: '2026-11-22T15:00:00Z' });
    expect(parsed.started_at?.toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });
});

describe('checkOfferRange and checkStartTime', () => {
  it('accepts max 0 or above min for any offers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), (min, max) => {
        const ok = checkOfferRange(min, max) === null;
        expect(ok).toBe(max === 0 || max > min);
      }),
    );
  });

  it('accepts any start within the next 7 days and nothing outside', () => {
    const week = 7 * 24 * 3600 * 1000;
    fc.assert(
      fc.property(fc.integer({ min: -2 * week, max: 2 * week }), (offset) => {
        const result = checkStartTime(new Date(now.getTime() + offset), now);
        if (offset < -2 * 60 * 1000) expect(result).toBe(m.startInPast);
        else if (offset > week) expect(result).toBe(m.startTooFar);
        else expect(result).toBeNull();
      }),
    );
  });
});
