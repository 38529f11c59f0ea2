import { type HTMLAttributes, useCallback } from 'react';

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
  takeFocus = false,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  kind: AlertKind;
  as?: 'p' | 'div';
  /**
   * Moves the focus (and so the view) to the message when it appears: the result of an action
   * whose button went away or sits far from where the message is shown, as on a phone.
   */
  takeFocus?: boolean;
}) {
  const defaultRole = kind === 'error' ? 'alert' : kind === 'success' ? 'status' : undefined;
  const classes = `alert alert-${kind}${className ? ` ${className}` : ''}`;
  const focusOnMount = useCallback(
    (node: HTMLElement | null) => {
      if (node && takeFocus) node.focus({ preventScroll: false });
    },
    [takeFocus],
  );
  return (
    <Element
      ref={focusOnMount}
      tabIndex={takeFocus ? -1 : undefined}
      className={classes}
      role={role ?? defaultRole}
      {...rest}
    />
  );
}
