/**
 * Remaining-time texts. Each takes `now` (the server-corrected
 * clock on the web); none reads a clock itself. End times without a zone are treated as UTC.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds until `end` (negative or zero once over); null when there is no valid end. */
export function msUntil(end: string | Date | null | undefined, now: Date | number): number | null {
  if (end === null || end === undefined || end === '') return null;
  let date: Date;
  if (end instanceof Date) date = end;
  else {
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(end.trim());
    date = new Date(hasZone ? end : `${end.trim()}Z`);
  }
  const t = date.getTime();
  if (Number.isNaN(t)) return null;
  return t - (typeof now === 'number' ? now : now.getTime());
}

function parts(ms: number) {
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** List and profile cards: 'Auction ended' | 'Nd HHh' | 'HHh MMm' | 'MMm SSs'. */
export function formatTimeLeft(end: string | Date | null | undefined, now: Date | number): string {
  const ms = msUntil(end, now);
  if (ms === null || ms <= 0) return 'Auction ended';
  const { days, hours, minutes, seconds } = parts(ms);
  if (ms >= DAY) return `${days}d ${pad(hours)}h`;
  if (ms >= HOUR) return `${pad(hours)}h ${pad(minutes)}m`;
  return `${pad(minutes)}m ${pad(seconds)}s`;
}

/** My-auctions countdown, recomputed each second: 'Subasta finalizada' | '{d}d:{hh}h' | '{hh}h:{mm}m' | '{mm}m:{ss}s'. */
export function formatCountdown(end: string | Date | null | undefined, now: Date | number): string {
  const ms = msUntil(end, now);
  if (ms === null || ms <= 0) return 'Subasta finalizada';
  const { days, hours, minutes, seconds } = parts(ms);
  if (ms >= DAY) return `${days}d:${pad(hours)}h`;
  if (ms >= HOUR) return `${pad(hours)}h:${pad(minutes)}m`;
  return `${pad(minutes)}m:${pad(seconds)}s`;
}

/** Won and search cards: 'Finalizada' | '{d}d {h}h' | '{h}h {m}m' | '{m}m'. */
export function formatRemaining(end: string | Date | null | undefined, now: Date | number): string {
  const ms = msUntil(end, now);
  if (ms === null || ms <= 0) return 'Finalizada';
  const { days, hours, minutes } = parts(ms);
  if (ms >= DAY) return `${days}d ${hours}h`;
  if (ms >= HOUR) return `${hours}h ${minutes}m`;
  return `${Math.max(minutes, 0)}m`;
}
