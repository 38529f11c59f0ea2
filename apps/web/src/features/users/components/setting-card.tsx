import type { ReactNode } from 'react';
import styles from './users.module.css';

/** One card of a settings list that acts in place (opens a dialog, logs out, downloads). */
export function SettingCard({
  title,
  hint,
  onClick,
  danger = false,
  disabled,
  busy,
}: {
  title: ReactNode;
  hint: ReactNode;
  onClick: () => void;
  /** Red: it ends the session or deletes the account. */
  danger?: boolean;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <li>
      <button
        type="button"
        className={danger ? `${styles.settingCard} ${styles.danger}` : styles.settingCard}
        onClick={onClick}
        disabled={disabled}
        aria-busy={busy}
      >
        <span className={styles.settingTitle}>{title}</span>
        <span className={styles.settingHint}>{hint}</span>
      </button>
    </li>
  );
}
