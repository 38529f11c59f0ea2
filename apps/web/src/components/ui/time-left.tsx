import type { ReactNode } from 'react';
import styles from './time-left.module.css';

/**
 * The time an auction has left, with a clock: a timer that screen readers announce as "Tiempo
 * restante". `className` places it in its card (display, margins).
 */
export function TimeLeft({
  as: Tag = 'p',
  className,
  children,
}: {
  as?: 'p' | 'span';
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={className ? `${styles.timeLeft} ${className}` : styles.timeLeft} role="timer">
      <span className="sr-only">Tiempo restante: </span>
      <svg className={styles.clock} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </Tag>
  );
}
