import { formatRemaining } from '@app/contracts';

const priceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Search cards show prices with comma thousand separators: "$1,250,000". */
export function formatSearchPrice(pesos: number): string {
  return `$${priceFormat.format(pesos)}`;
}

/**
 * Time left on a search card: 'Finalizada' once over, else days+hours,
 * hours+minutes or minutes. An upcoming auction with no start yet has no end: 'Por iniciar'.
 */
export function searchTimeLeft(endTime: string | null, now: number): string {
  return endTime ? formatRemaining(endTime, now) : 'Por iniciar';
}
