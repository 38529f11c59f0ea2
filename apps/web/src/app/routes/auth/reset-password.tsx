import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { ResetPasswordForm } from '../../../features/users/components/reset-password-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import styles from './auth.module.css';
import { AuthCard } from './auth-card.tsx';

/** /restablecer/{token}: the link of a reset e-mail; the new password, then the login. */
export function Component() {
  usePageMeta({ title: 'Elige una contraseña nueva', description: 'Restablece la contraseña de tu cuenta.' });
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <AuthCard title="Elige una contraseña nueva">
      <ResetPasswordForm
        key={token}
        token={token}
        onDone={(message) => {
          toast.success(message);
          navigate(paths.login.getHref(), { replace: true });
        }}
        invalidLink={(message) => (
          <>
            <Alert kind="error">{message}</Alert>
            <LinkButton to={paths.recover.getHref()} variant="primary" block>
              Pedir un enlace nuevo
            </LinkButton>
          </>
        )}
      />
      <p className={styles.footer}>
        Al guardarla se cierran todas tus sesiones. <Link to={paths.login.getHref()}>Iniciar Sesión</Link>
      </p>
    </AuthCard>
  );
}
