import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { FirstRenderNow } from '../lib/server-clock.ts';

/**
 * Gives the countdowns of the first render the server render's time (see FirstRenderNow), then
 * nothing: pages shown later start from the real time.
 */
export function FirstRenderClock({ now, children }: { now: number | undefined; children: ReactNode }) {
  const [first, setFirst] = useState(now);
  // In the background (a transition, rendered in slices): every countdown of the page renders
  // again, which on a phone is a long task right after hydration if done at once.
  useEffect(() => startTransition(() => setFirst(undefined)), []);
  return <FirstRenderNow value={first}>{children}</FirstRenderNow>;
}
