import { type ReactNode, useEffect, useState } from 'react';
import { FirstRenderNow } from '../lib/server-clock.ts';

/**
 * Gives the countdowns of the first render the server render's time (see FirstRenderNow), then
 * nothing: pages shown later start from the real time.
 */
export function FirstRenderClock({
  now,
  onMounted,
  children,
}: {
  now: number | undefined;
  /** Called once the app's first render is committed (in the browser only). */
  onMounted?: () => void;
  children: ReactNode;
}) {
  const [first] = useState(() => ({ now }));
  useEffect(() => {
    // Emptied, not set as state: a new value would render every countdown of the page again.
    first.now = undefined;
    onMounted?.();
  }, [first, onMounted]);
  return <FirstRenderNow value={first}>{children}</FirstRenderNow>;
}
