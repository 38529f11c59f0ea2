import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './auth.module.css';

/** The card the login, register and invitation pages share: the brand home link and the title. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby={titleId}>
        <Link to={paths.home.getHref()} className={styles.brand} aria-label="Coleccionables, ir al inicio">
          <Logo />
        </Link>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
