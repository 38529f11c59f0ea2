import { formatCOP } from '@app/contracts';

/** "$ 1.234.567" as "$1,2 M" on a narrow axis. */
export function compactPesos(value: number): string {
  if (Math.abs(value) >= 1_000_000)
    return `$${(value / 1_000_000).toLocaleString('es-CO', { maximumFractionDigits: 1 })} M`;
  if (Math.abs(value) >= 1_000) return `$${Math.round(value / 1_000).toLocaleString('es-CO')} mil`;
  return formatCOP(value);
}
