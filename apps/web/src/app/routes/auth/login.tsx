import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/users/components/login-form.tsx';
import { safeRedirectPath } from '../../../features/users/utils/safe-redirect.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import styles from './auth.module.css';

/** /login: after success, ?redirect=, else the stored redirect, else /profile. */
export function Component() {
  const titleId = useId();
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
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby={titleId}>
        <Link to={paths.home.getHref()} className={styles.brand} aria-label="Coleccionables, ir al inicio">
          <Logo />
        </Link>
        <h1 id={titleId} className={styles.title}>
          Iniciar Sesión
        </h1>
        <p className={styles.subtitle}>Ingresa para pujar, vender y seguir tus subastas.</p>
        <LoginForm onSuccess={onSuccess} />
        <p className={styles.footer}>
          ¿No tienes cuenta? <Link to={paths.register.getHref()}>Registrarse</Link>
        </p>
      </section>
    </div>
  );
}
