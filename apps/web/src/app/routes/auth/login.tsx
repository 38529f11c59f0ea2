import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/users/components/login-form.tsx';
import { safeRedirectPath } from '../../../features/users/utils/safe-redirect.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import styles from './auth.module.css';
import { AuthCard } from './auth-card.tsx';

/** /login: after success, ?redirect=, else the stored redirect, else /profile. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onSuccess = (token: string) => {
    authStorage.setToken(token);
    const target =
      safeRedirectPath(params.get('redirect')) ??
      safeRedirectPath(authStorage.getRedirect()) ??
      paths.profile.getHref();
    authStorage.clearRedirect();
    navigate(target, { replace: true });
  };

  return (
    <AuthCard title="Iniciar Sesión">
      <p className={styles.subtitle}>Ingresa para pujar, vender y seguir tus subastas.</p>
      <LoginForm onSuccess={onSuccess} />
      <p className={styles.footer}>
        <Link to={paths.recover.getHref()}>¿Olvidaste tu contraseña?</Link>
      </p>
      <p className={styles.footer}>
        ¿No tienes cuenta? <Link to={paths.register.getHref()}>Registrarse</Link>
      </p>
    </AuthCard>
  );
}
