/** A seller's level on the reputation thermometer, worst to best (`nuevo`: too few sales to tell). */
export const REPUTATION_LEVELS = ['rojo', 'naranja', 'amarillo', 'verde_claro', 'verde'] as const;
export type ReputationColour = (typeof REPUTATION_LEVELS)[number];
export type ReputationLevel = ReputationColour | 'nuevo';

/** The short window, and the long one used while the short holds fewer than LONG_PERIOD_BELOW sales. */
export const REPUTATION_SHORT_DAYS = 60;
export const REPUTATION_LONG_DAYS = 365;
export const REPUTATION_LONG_PERIOD_BELOW = 40;
/** Fewer sales than this in the period: `nuevo`. */
export const REPUTATION_MIN_SALES = 10;
/** A sale shipped later than this after payment (or still unshipped past it) is late. */
export const LATE_SHIPPING_DAYS = 3;

/**
 * Each rate's upper bounds (exclusive) for verde, verde claro, amarillo and naranja; at or
 * above the last, rojo. Rates are fractions of the period's sales.
 */
export const REPUTATION_BOUNDS = {
  claims_rate: [0.01, 0.02, 0.04, 0.07],
  late_shipping_rate: [0.06, 0.1, 0.15, 0.2],
  cancellation_rate: [0.005, 0.01, 0.02, 0.04],
} as const;

/** A seller's thermometer: its level and the period's figures behind it (rates from 0 to 1). */
export interface Reputation {
  level: ReputationLevel;
  period_days: number;
  sales: number;
  claims_rate: number;
  late_shipping_rate: number;
  cancellation_rate: number;
}

/** The colour one rate earns. */
function colourOf(rate: number, bounds: readonly number[]): ReputationColour {
  const step = bounds.findIndex((bound) => rate < bound);
  // step 0 is verde (the last of the list), past every bound is rojo (the first).
  return step === -1 ? 'rojo' : REPUTATION_LEVELS[REPUTATION_LEVELS.length - 1 - step]!;
}

/** The period the figures cover: 60 days, or 365 while the 60 days hold fewer than 40 sales. */
export function reputationPeriod(salesInShortPeriod: number): number {
  return salesInShortPeriod < REPUTATION_LONG_PERIOD_BELOW ? REPUTATION_LONG_DAYS : REPUTATION_SHORT_DAYS;
}

/** The thermometer's reading from the period's counts: the worst colour any rate earns. */
export function reputationOf(counts: {
  periodDays: number;
  sales: number;
  claims: number;
  late: number;
  cancelled: number;
}): Reputation {
  const { periodDays, sales } = counts;
  const rate = (n: number) => (sales === 0 ? 0 : n / sales);
  const rates = {
    claims_rate: rate(counts.claims),
    late_shipping_rate: rate(counts.late),
    cancellation_rate: rate(counts.cancelled),
  };
  let level: ReputationLevel = 'nuevo';
  if (sales >= REPUTATION_MIN_SALES) {
    const ranks = (Object.keys(REPUTATION_BOUNDS) as Array<keyof typeof REPUTATION_BOUNDS>).map((key) =>
      REPUTATION_LEVELS.indexOf(colourOf(rates[key], REPUTATION_BOUNDS[key])),
    );
    level = REPUTATION_LEVELS[Math.min(...ranks)]!;
  }
  return { level, period_days: periodDays, sales, ...rates };
}

/** What a person reads for each level. */
export const reputationLabels: Record<ReputationLevel, string> = {
  nuevo: 'Vendedor nuevo',
  rojo: 'Rojo',
  naranja: 'Naranja',
  amarillo: 'Amarillo',
  verde_claro: 'Verde claro',
  verde: 'Verde',
};
