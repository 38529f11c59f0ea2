import { type AuctionStatus, msUntil } from '@app/contracts';
import { useEffect, useState } from 'react';
import { serverNow } from '../../../lib/server-clock.ts';

/** Whether a product's race is over: its auction ended, or it is running and its own end has passed. */
export function raceEnded(status: AuctionStatus, endTime: string | null, now: number): boolean {
  const remaining = msUntil(endTime, now);
  return status === 'ended' || (status === 'active' && remaining !== null && remaining <= 0);
}

/**
 * `raceEnded` on the server's clock, re-rendering once when the end comes (not every second, as
 * the countdown does): for what changes only then, such as the page's title.
 */
export function useRaceEnded(status: AuctionStatus | undefined, endTime: string | null | undefined): boolean {
  const [, setWoken] = useState(0);
  const ended = status ? raceEnded(status, endTime ?? null, serverNow()) : false;
  useEffect(() => {
    if (ended || status !== 'active') return;
    const remaining = msUntil(endTime, serverNow());
    if (remaining === null) return;
    // A timer longer than 2^31-1 ms fires at once; such an end is weeks away anyway.
    const timer = setTimeout(() => setWoken((n) => n + 1), Math.min(remaining + 50, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [ended, status, endTime]);
  return ended;
}
