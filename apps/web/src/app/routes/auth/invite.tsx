import { type ReactNode, useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { InvitationView } from '../../../features/users/components/invitation-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import styles from './auth.module.css';

/** /invite/{token}: the invited person chooses a password and is logged in. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();

  const frame = (title: string, content: ReactNode) => <InvitePage title={title}>{content}</InvitePage>;

  return (
    <InvitationView
      key={token}
      token={token}
      frame={frame}
      onAccepted={(message) => {
        toast.success(message);
        navigate(paths.profile.getHref(), { replace: true });
      }}
    />
  );
}

function InvitePage({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  usePageMeta({ title, description: 'Tu invitación a Coleccionables.' });
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
        <p className={styles.footer}>
          ¿Ya tienes contraseña? <Link to={paths.login.getHref()}>Iniciar Sesión</Link>
        </p>
      </section>
    </div>
  );
}
