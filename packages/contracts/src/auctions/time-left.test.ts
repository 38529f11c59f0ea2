import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCountdown, formatRemaining, formatTimeLeft, msUntil } from './time-left.ts';

const now = new Date('2026-11-22T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
const D = 86_400;
const H = 3600;
const M = 60;

describe('formatTimeLeft (list and profile cards)', () => {
  const cases: Array<[string | null, string]> = [
    [null, 'Auction ended'],
    [at(-1), 'Auction ended'],
    [at(0), 'Auction ended'],
    [at(1), '00m 01s'],
    [at(59), '00m 59s'],
    [at(5 * M + 7), '05m 07s'],
    [at(H - 1), '59m 59s'],
    [at(H), '01h 00m'],
    [at(3 * H + 25 * M + 59), '03h 25m'],
    [at(D - 1), '23h 59m'],
    [at(D), '1d 00h'],
    [at(2 * D + 5 * H + 30 * M), '2d 05h'],
    [at(12 * D + 23 * H), '12d 23h'],
  ];
  it.each(cases)('%s → %s', (end, expected) => {
    expect(formatTimeLeft(end, now)).toBe(expected);
  });

  it('treats an end time without a zone as UTC', () => {
    expect(formatTimeLeft('2026-11-22T13:30:00', now)).toBe('01h 30m');
    expect(msUntil('2026-11-22T13:30:00', now)).toBe(90 * 60 * 1000);
    expect(msUntil('not a date', now)).toBeNull();
  });
});

describe('formatCountdown (my auctions)', () => {
  const cases: Array<[string | null, string]> = [
    [null, 'Subasta finalizada'],
    [at(-30), 'Subasta finalizada'],
    [at(9), '00m:09s'],
    [at(42 * M + 3), '42m:03s'],
    [at(H + 2 * M), '01h:02m'],
    [at(D + 3 * H), '1d:03h'],
    [at(7 * D), '7d:00h'],
  ];
  it.each(cases)('%s → %s', (end, expected) => {
    expect(formatCountdown(end, now)).toBe(expected);
  });
});

describe('formatRemaining (won and search cards)', () => {
  const cases: Array<[string | null, string]> = [
    [null, 'Finalizada'],
    [at(-1), 'Finalizada'],
    [at(30), '0m'],
    [at(14 * M + 50), '14m'],
    [at(2 * H + 5 * M), '2h 5m'],
    [at(3 * D + 4 * H), '3d 4h'],
  ];
  it.each(cases)('%s → %s', (end, expected) => {
    expect(formatRemaining(end, now)).toBe(expected);
  });
});

describe('time left properties', () => {
  it('never shows a remaining time once the end has passed, and always one before', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * D, max: 30 * D }), (seconds) => {
        const end = at(seconds);
        const ended = seconds <= 0;
        expect(formatTimeLeft(end, now) === 'Auction ended').toBe(ended);
        expect(formatCountdown(end, now) === 'Subasta finalizada').toBe(ended);
        expect(formatRemaining(end, now) === 'Finalizada').toBe(ended);
      }),
    );
  });
});
