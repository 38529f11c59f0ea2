import type { HTMLAttributes } from 'react';

export type BadgeTone = 'neutral' | 'live' | 'success' | 'danger' | 'warning' | 'info' | 'accent';

/** The classes of a badge look, for an element that must stay what it is (a list item). */
export function badgeClass(tone: BadgeTone = 'neutral', className?: string) {
  const classes = ['badge'];
  if (tone !== 'neutral') classes.push(`badge-${tone}`);
  if (className) classes.push(className);
  return classes.join(' ');
}

/** A small status pill; `neutral` is the plain grey one. */
export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={badgeClass(tone, className)} {...rest} />;
}
