import type { HTMLAttributes } from 'react';

export type AlertKind = 'error' | 'success' | 'info';

/**
 * A message box. An error is announced at once (role "alert"); a success is a polite status;
 * an info box is neither unless `role` says so. `as` keeps the element the content needs (a
 * paragraph for text, a div when it holds blocks).
 */
export function Alert({
  kind,
  as: Element = 'p',
  className,
  role,
  ...rest
}: HTMLAttributes<HTMLElement> & { kind: AlertKind; as?: 'p' | 'div' }) {
  const defaultRole = kind === 'error' ? 'alert' : kind === 'success' ? 'status' : undefined;
  const classes = `alert alert-${kind}${className ? ` ${className}` : ''}`;
  return <Element className={classes} role={role ?? defaultRole} {...rest} />;
}
