/**
 * Money is whole pesos, as Bold charges it: every amount a person types (prices, offers, bids,
 * maximum bids) is a whole number of pesos up to MAX_AMOUNT_PESOS. No zod here, so the web form
 * rules and the first page can use it without loading the schemas.
 */

/** The largest amount anyone may type: ten thousand million pesos. */
export const MAX_AMOUNT_PESOS = 10_000_000_000;

export const moneyMessages = {
  fraction: 'Los montos van en pesos enteros, sin centavos',
  tooLarge: 'El monto no puede superar $ 10.000.000.000',
} as const;

/** What is wrong with a typed amount: not a usable number, centavos, or above the maximum. */
export type MoneyProblem = 'invalid' | 'fraction' | 'too_large';

/**
 * Names the one problem of an amount, or null when it is a whole number of pesos in range.
 * `allowZero` for the fields where 0 means "none" (reserve price, minimum and maximum increment).
 * A negative amount (or 0 where it is not allowed) is the field's own problem, whatever its
 * fraction; an amount above the maximum is too large whatever its fraction.
 */
export function moneyProblem(value: unknown, { allowZero = false } = {}): MoneyProblem | null {
  if (typeof value !== 'number' || Number.isNaN(value)) return 'invalid';
  if (value < 0 || (value === 0 && !allowZero)) return 'invalid';
  if (value > MAX_AMOUNT_PESOS) return 'too_large';
  if (!Number.isInteger(value)) return 'fraction';
  return null;
}

/** The message of a problem: the shared ones for centavos and size, the field's own otherwise. */
export function moneyProblemMessage(problem: MoneyProblem, fieldMessage: string): string {
  if (problem === 'fraction') return moneyMessages.fraction;
  if (problem === 'too_large') return moneyMessages.tooLarge;
  return fieldMessage;
}
