import { useEffect, useState } from 'react';

/**
 * The server's clock as seen from the browser: every response carrying `server_time` corrects the
 * offset, and countdowns read `serverNow()` instead of the browser's clock alone.
 */
let offsetMs = 0;

export function syncServerClock(serverTime: string | null | undefined, receivedAt = Date.now()) {
  if (!serverTime) return;
  const t = Date.parse(serverTime);
  if (!Number.isNaN(t)) offsetMs = t - receivedAt;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** The corrected time, re-rendering every `intervalMs` (1 s countdown tick). */
export function useServerNow(intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
