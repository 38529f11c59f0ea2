/** es-CO formatting helpers shared by the web app and server-rendered pages. */

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
const copFormat = once(
  () =>
    new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const copCentsFormat = once(
  () =>
    new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);
const moneyFormats = new Map<string, Intl.NumberFormat>();
const longDateFormat = once(
  () => new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric' }),
);
const dateTimeFormat = once(
  () => new Intl.DateTimeFormat('es-CO', { dateStyle: 'short', timeStyle: 'short' }),
);
const bidTimestampFormat = once(
  () =>
    new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** 1234567 → "1.234.567" */
export function formatNumber(value: number | null | undefined): string {
  return numberFormat().format(value ?? 0);
}

/** 1234567 → "$ 1.234.567" (whole pesos; use formatCOPExact to keep centavos). */
export function formatCOP(value: number | null | undefined): string {
  return copFormat()
    .format(value ?? 0)
    .replace(/\u00a0/g, ' ');
}

/** 1234.5 → "$ 1.234,5" keeping centavos, for commissions and payouts. */
export function formatCOPExact(value: number | null | undefined): string {
  return copCentsFormat()
    .format(value ?? 0)
    .replace(/\u00a0/g, ' ');
}

/** Amount with a given currency code (COP when absent in practice; USD per spec default). */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  const code = currency || 'USD';
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('es-CO', { style: 'currency', currency: code, maximumFractionDigits: 2 });
    moneyFormats.set(code, format);
  }
  return format.format(value ?? 0).replace(/\u00a0/g, ' ');
}

/** "22 de noviembre de 2026" */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return longDateFormat().format(date);
}

/** "22/11/2026, 3:05 p. m." */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return dateTimeFormat().format(date);
}

/** Bid timestamps: es-ES short, day, month, hour, minute ("22 nov, 15:05"). */
export function formatBidTimestamp(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return bidTimestampFormat().format(date);
}
