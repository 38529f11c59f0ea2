import { Link } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { CONTACT_EMAIL, paths } from '../../../config/paths.ts';
import styles from './auth.module.css';

/** /register: registration is closed (beta); people write to the contact address for access. */
export function Component() {
  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="register-title">
        <Link to={paths.home.getHref()} className={styles.brand} aria-label="Coleccionables, ir al inicio">
          <Logo />
        </Link>
        <h1 id="register-title" className={styles.title}>
          Registrarse
        </h1>
        <div className="alert alert-info">
          <p style={{ margin: 0 }}>
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
        </div>
        <Link to={paths.home.getHref()} className="btn btn-primary btn-block">
          Ir al Home
        </Link>
        <p className={styles.footer}>
          ¿Ya tienes cuenta? <Link to={paths.login.getHref()}>Iniciar Sesión</Link>
        </p>
      </section>
    </div>
  );
}
