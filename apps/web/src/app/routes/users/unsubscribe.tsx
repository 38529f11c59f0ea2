import { Link, useParams } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { UnsubscribeView } from '../../../features/preferences/components/unsubscribe-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import styles from '../auth/auth.module.css';

/** /unsubscribe/{token}: an e-mail's one-click unsubscribe link (no login needed). */
export function Component() {
  const { token = '' } = useParams();
  usePageMeta({
    title: 'Darte de baja',
    description: 'Deja de recibir un tipo de correo de Coleccionables.',
  });
  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="unsubscribe-title">
        <Link to={paths.home.getHref()} className={styles.brand} aria-label="Coleccionables, ir al inicio">
          <Logo />
        </Link>
        <h1 id="unsubscribe-title" className={styles.title}>
          Darte de baja
        </h1>
        <UnsubscribeView
          key={token}
          token={token}
          preferencesHref={`${paths.profile.getHref()}#preferences-title`}
        />
      </section>
    </div>
  );
}
