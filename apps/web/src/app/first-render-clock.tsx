import { type ReactNode, useEffect, useState } from 'react';
import { FirstRenderNow } from '../lib/server-clock.ts';

/**
 * Gives the countdowns of the first render the server render's time (see FirstRenderNow), then
 * nothing: pages shown later start from the real time.
 */
export function FirstRenderClock({ now, children }: { now: number | undefined; children: ReactNode }) {
  const [first, setFirst] = useState(now);
  useEffect(() => setFirst(undefined), []);
  return <FirstRenderNow value={first}>{children}</FirstRenderNow>;
}
