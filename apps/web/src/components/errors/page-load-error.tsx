import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Alert } from '../ui/alert.tsx';

/**
 * A page whose data could not be loaded, or whose address names nothing: the page's error
 * message, under a heading that names the page (for screen readers, which look for a page's
 * <h1>) and the page's own document title instead of the site's generic one.
 */
export function PageLoadError({
  title,
  message,
  top,
  children,
}: {
  /** The page's name: its document title and its (visually hidden) heading. */
  title: string;
  message: ReactNode;
  /** What goes above the message (e.g. a back button). */
  top?: ReactNode;
  /** What the reader can do next, under the message. */
  children?: ReactNode;
}) {
  usePageMeta({ title });
  return (
    <section className="page">
      <h1 className="sr-only">{title}</h1>
      {top}
      <Alert kind="error" as="div">
        {message}
      </Alert>
      {children}
    </section>
  );
}
