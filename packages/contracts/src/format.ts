/** es-CO formatting helpers shared by the web app and server-rendered pages. */

const numberFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
const copFormat = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const copCentsFormat = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** 1234567 → "1.234.567" */
export function formatNumber(value: number | null | undefined): string {
  return numberFormat.format(value ?? 0);
}

/** 1234567 → "$ 1.234.567" (whole pesos; use formatCOPExact to keep centavos). */
export function formatCOP(value: number | null | undefined): string {
  return copFormat.format(value ?? 0).replace(/\u00a0/g, ' ');
}

/** 1234.5 → "$ 1.234,5" keeping centavos, for commissions and payouts. */
export function formatCOPExact(value: number | null | undefined): string {
  return copCentsFormat.format(value ?? 0).replace(/\u00a0/g, ' ');
}

/** Amount with a given currency code (COP when absent in practice; USD per spec default). */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  const code = currency || 'USD';
  return new Intl.NumberFormat('es-CO', { style: 'currency', currency: code, maximumFractionDigits: 2 })
    .format(value ?? 0)
    .replace(/\u00a0/g, ' ');
}

/** "22 de noviembre de 2026" */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** "22/11/2026, 3:05 p. m." */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('es-CO', { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Bid timestamps: es-ES short, day, month, hour, minute ("22 nov, 15:05"). */
export function formatBidTimestamp(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
