/** es-CO formatting helpers shared by the web app and server-rendered pages. */

/**
 * The marketplace's calendar and clock: dates and times are shown in Colombia's time (UTC-5 all
 * year, no daylight saving), whatever the reader's device or the server is set to. A page the
 * server renders then shows the same text the browser's first render does (a date formatted in
 * each one's own zone differs for five hours a day and breaks hydration), and every reader sees
 * the same day for an auction's end, a sale or a payout.
 */
export const MARKET_TIME_ZONE = 'America/Bogota';
const MARKET_UTC_OFFSET_MS = -5 * 60 * 60 * 1000;

/** The marketplace's calendar day ("YYYY-MM-DD") an instant falls on: once-a-day rules count in it. */
export function marketDay(at: Date): string {
  return new Date(at.getTime() + MARKET_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Each formatter is built on first use and kept: building an Intl formatter costs far more than
 * formatting with one (a bid history formats a date per row), and a page that never formats a
 * date does not pay for building the date formatter when this module loads.
 */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

const numberFormat = once(() => new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 }));

/** Currency formatters, built on first use per currency and digits (see `once`). */
const currencyFormats = new Map<string, Intl.NumberFormat>();
function currencyText(
  value: number | null | undefined,
  currency: string,
  digits: { minimumFractionDigits?: number; maximumFractionDigits: number },
): string {
  const key = `${currency}:${digits.minimumFractionDigits}:${digits.maximumFractionDigits}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('es-CO', { style: 'currency', currency, ...digits });
    currencyFormats.set(key, format);
  }
  // Intl separates the symbol with a no-break space; the product's texts use a plain one.
  return format.format(value ?? 0).replace(/\u00a0/g, ' ');
}

const longDateFormat = once(
  () =>
    new Intl.DateTimeFormat('es-CO', {
      timeZone: MARKET_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
);
const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat('es-CO', { timeZone: MARKET_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }),
);

/*
 * Whole numbers, pesos and bid times, which a product's auction page shows in its first render,
 * are written by hand: the first Intl formatter a page builds loads the locale data, 20 to 60 ms
 * of one task on a phone's main thread. They are fixed rules, the same text as es-CO's and
 * es-ES's Intl output (the tests compare them over a sweep of values and dates).
 */

/** "-" and the digits of |value| rounded half away from zero, "." every three; undefined when Intl must say it. */
function groupedWhole(value: number): { sign: string; digits: string } | undefined {
  const whole = Math.round(Math.abs(value));
  if (!Number.isFinite(whole) || whole >= 1e21) return undefined;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return { sign, digits: String(whole).replace(/\B(?=(\d{3})+$)/g, '.') };
}

const SHORT_MONTHS_ES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 1234567 → "1.234.567" */
export function formatNumber(value: number | null | undefined): string {
  const parts = groupedWhole(value ?? 0);
  return parts ? parts.sign + parts.digits : numberFormat().format(value ?? 0);
}

/** 1234567 → "$ 1.234.567" (whole pesos; use formatCOPExact to keep centavos). */
export function formatCOP(value: number | null | undefined): string {
  const parts = groupedWhole(value ?? 0);
  if (parts) return `${parts.sign}$ ${parts.digits}`;
  return currencyText(value, 'COP', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
}

/** 1234.5 → "$ 1.234,5" keeping centavos, for commissions and payouts. */
export function formatCOPExact(value: number | null | undefined): string {
  return currencyText(value, 'COP', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

/** Amount with a given currency code (COP when absent in practice; USD is the default). */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  return currencyText(value, currency || 'USD', { maximumFractionDigits: 2 });
}

/** The date `value` names, or undefined when there is none or it is not a date. */
function dateOf(value: string | Date | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "22 de noviembre de 2026" */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? longDateFormat().format(date) : 'N/A';
}

/** "22/11/2026, 3:05 p. m." */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? dateTimeFormat().format(date) : 'N/A';
}

/** Bid timestamps in Colombia's time: es-ES short, day, month, hour, minute ("22 nov, 15:05"). */
export function formatBidTimestamp(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return 'N/A';
  // Colombia's wall clock read through the UTC getters (a fixed offset: no Intl needed).
  const market = new Date(date.getTime() + MARKET_UTC_OFFSET_MS);
  return `${market.getUTCDate()} ${SHORT_MONTHS_ES[market.getUTCMonth()]}, ${twoDigits(market.getUTCHours())}:${twoDigits(market.getUTCMinutes())}`;
}
