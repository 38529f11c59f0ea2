import { Link } from 'react-router';
import { CONTACT_EMAIL, paths } from '../../config/paths.ts';
import styles from './footer.module.css';

/** Site footer: the copyright line and a few links. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Pie de página" className={styles.links}>
          <Link to={paths.auctions.getHref()}>Subastas</Link>
          <Link to={paths.home.getHref('marketplace')}>Marketplace</Link>
          <a href={`mailto:${CONTACT_EMAIL}`}>Contacto</a>
        </nav>
        <p className={styles.copy}>
          © {new Date().getFullYear()} Coleccionables. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
