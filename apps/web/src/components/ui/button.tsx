import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

type ButtonVariant = 'default' | 'primary' | 'accent' | 'danger' | 'link';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Full width. */
  block?: boolean;
  className?: string;
}

/** The classes of a button look, for the rare element that is neither a button nor a link. */
export function buttonClass({
  variant = 'default',
  size = 'md',
  block = false,
  className,
}: ButtonStyle = {}) {
  // A link-looking button is plain text: none of the button box.
  const classes = variant === 'link' ? ['btn-link'] : ['btn'];
  if (variant !== 'default' && variant !== 'link') classes.push(`btn-${variant}`);
  if (size === 'sm') classes.push('btn-sm');
  if (block) classes.push('btn-block');
  if (className) classes.push(className);
  return classes.join(' ');
}

/**
 * A button; `type` is "button" unless said otherwise, so it never submits a form by accident.
 *
 * `busy` (its action is under way) refuses clicks, and so a form's submission by Enter too, but
 * unlike `disabled` keeps the button focusable: a disabled button drops the keyboard focus to the
 * top of the page, or out of an open dialog, and the user has to find their place again.
 */
export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  busy = false,
  onClick,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { busy?: boolean }) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, className })}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    />
  );
}

/** A link (client-side navigation) that looks like a button. */
export function LinkButton({ variant, size, block, className, ...rest }: LinkProps & ButtonStyle) {
  return <Link className={buttonClass({ variant, size, block, className })} {...rest} />;
}
