import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ForgotPasswordForm } from '../../../features/users/components/forgot-password-form.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import styles from './auth.module.css';
import { AuthCard } from './auth-card.tsx';

/** /recuperar: '¿Olvidaste tu contraseña?' asks for a reset link by e-mail. */
export function Component() {
  usePageMeta({
    title: 'Recuperar contraseña',
    description: 'Recibe un enlace para elegir una contraseña nueva.',
  });
  return (
    <AuthCard title="Recuperar contraseña">
      <p className={styles.subtitle}>
        Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.
      </p>
      <ForgotPasswordForm />
      <p className={styles.footer}>
        ¿La recordaste? <Link to={paths.login.getHref()}>Iniciar Sesión</Link>
      </p>
    </AuthCard>
  );
}
