import { createContext, startTransition, useContext, useEffect, useState, useSyncExternalStore } from 'react';

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
 * The time a page's server render showed ("termina en 2 h"): the components the browser hydrates
 * from that HTML start from it too, so hydration writes the texts the server did (no mismatch), and
 * their countdowns move to the real time right after, in their first effect. Only while hydrating:
 * React hydrates each Suspense boundary's content in a pass of its own, after the root has
 * committed, so "the first render" is not one moment; and pages shown later start from the real time.
 */
export const FirstRenderNow = createContext<number | undefined>(undefined);

const noSubscription = () => () => {};

/**
 * Whether React mounted this component hydrating it from the server's HTML (it reads the server
 * snapshot then). The browser's snapshot then answers what the mount read: a snapshot that
 * differed from the one the render used would make React render the component again at once,
 * synchronously, after the hydration (a page with its whole list of cards, 100-500 ms at a phone's
 * 4x slower CPU on Explorar), for a value only the first render reads.
 */
function useHydrating(): boolean {
  const [mount] = useState(() => ({ hydrating: false }));
  return useSyncExternalStore(
    noSubscription,
    () => mount.hydrating,
    () => {
      mount.hydrating = true;
      return true;
    },
  );
}

/** The corrected time, re-rendering every `intervalMs` (1 s countdown tick) and on every sync. */
export function useServerNow(intervalMs = 1000): number {
  const renderedAt = useContext(FirstRenderNow);
  const hydrating = useHydrating();
  const [fromRender] = useState(() => hydrating && renderedAt !== undefined);
  const [now, setNow] = useState(() => (fromRender && renderedAt !== undefined ? renderedAt : serverNow()));
  useEffect(() => {
    const update = () => setNow(serverNow());
    listeners.add(update);
    // The first move off the render's time, in the background: right after a page's hydration
    // every countdown of it does this at once.
    if (fromRender) startTransition(update);
    const timer = setInterval(update, intervalMs);
    return () => {
      clearInterval(timer);
      listeners.delete(update);
    };
  }, [intervalMs, fromRender]);
  return now;
}
