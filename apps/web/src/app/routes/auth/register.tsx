import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';
import { CONTACT_EMAIL, paths } from '../../../config/paths.ts';
import styles from './auth.module.css';
import { AuthCard } from './auth-card.tsx';

/** /register: registration is closed (beta); people write to the contact address for access. */
export function Component() {
  return (
    <AuthCard title="Registrarse">
      <Alert kind="info" as="div">
        <p className="flush">
          <strong>Estamos en beta cerrada.</strong> Por ahora el registro está cerrado. Si quieres acceso
          anticipado para comprar, pujar o vender coleccionables, escríbenos a{' '}
          <a
            className={styles.mail}
            href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Acceso anticipado')}`}
          >
            {CONTACT_EMAIL}
          </a>{' '}
          y te crearemos una cuenta.
        </p>
      </Alert>
      <LinkButton to={paths.home.getHref()} variant="primary" block>
        Ir al Home
      </LinkButton>
      <p className={styles.footer}>
        ¿Ya tienes cuenta? <Link to={paths.login.getHref()}>Iniciar Sesión</Link>
      </p>
    </AuthCard>
  );
}
