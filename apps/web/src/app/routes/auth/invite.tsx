import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { InvitationView } from '../../../features/users/components/invitation-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import styles from './auth.module.css';
import { AuthCard } from './auth-card.tsx';

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
  usePageMeta({ title, description: 'Tu invitación a Coleccionables.' });
  return (
    <AuthCard title={title}>
      {children}
      <p className={styles.footer}>
        ¿Ya tienes contraseña? <Link to={paths.login.getHref()}>Iniciar Sesión</Link>
      </p>
    </AuthCard>
  );
}
