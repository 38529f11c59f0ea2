import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { FirstRenderNow } from '../lib/server-clock.ts';

const PageShown = createContext<(() => void) | undefined>(undefined);

/**
 * What the app's first render takes from its start: the time the server render showed (its
 * countdowns hydrate with it, see FirstRenderNow) and, in the browser, whom to tell once the
 * first page is on screen (PageShownMark).
 */
export function FirstRender({
  now,
  onPageShown,
  children,
}: {
  now: number | undefined;
  onPageShown?: () => void;
  children: ReactNode;
}) {
  return (
    <FirstRenderNow value={now}>
      <PageShown value={onPageShown}>{children}</PageShown>
    </FirstRenderNow>
  );
}

/**
 * Wraps the page inside the layout's Suspense boundary and calls FirstRender's `onPageShown` once
 * the page has committed. Inside the boundary, not at the root: React hydrates a boundary's content
 * in a pass of its own after the root has committed, and until then the page is HTML only. One
 * child, and rendered on the server too, so the tree (and every useId) has the same shape on both.
 */
export function PageShownMark({ children }: { children: ReactNode }) {
  const onShown = useContext(PageShown);
  useEffect(() => onShown?.(), [onShown]);
  return children;
}
