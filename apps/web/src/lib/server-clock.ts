import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * The server's clock as seen from the browser: every response carrying `server_time` corrects the
 * offset, and countdowns read `serverNow()` instead of the browser's clock alone.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

export function syncServerClock(serverTime: string | null | undefined, receivedAt = Date.now()) {
  if (!serverTime) return;
  const t = Date.parse(serverTime);
  if (Number.isNaN(t)) return;
  offsetMs = t - receivedAt;
  // Countdowns rendered before the first sync must not wait for their next tick to be right.
  for (const listener of listeners) listener();
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * The time a page's server render showed ("termina en 2 h"), given to the first render in the
 * browser too: hydration then writes the same texts the server did (no mismatch), and those
 * countdowns move to the real time right after, in their first effect. A holder emptied once the
 * first render has committed (FirstRenderClock), so that no countdown renders again for it and
 * pages shown later start from the real time.
 */
export const FirstRenderNow = createContext<{ now: number | undefined }>({ now: undefined });

/** The corrected time, re-rendering every `intervalMs` (1 s countdown tick) and on every sync. */
export function useServerNow(intervalMs = 1000): number {
  const firstRender = useContext(FirstRenderNow);
  const [now, setNow] = useState(() => firstRender.now ?? serverNow());
  const [fromRender] = useState(() => firstRender.now !== undefined);
  useEffect(() => {
    const update = () => setNow(serverNow());
    listeners.add(update);
    // The first move off the render's time, in the background: right after a page's first render
    // (or hydration) every countdown of it does this at once.
    if (fromRender) startTransition(update);
    const timer = setInterval(update, intervalMs);
    return () => {
      clearInterval(timer);
      listeners.delete(update);
    };
  }, [intervalMs, fromRender]);
  return now;
}
