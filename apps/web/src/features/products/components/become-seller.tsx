import { Link } from 'react-router';
import { CONTACT_EMAIL, paths } from '../../../config/paths.ts';
import styles from './products.module.css';

/** What a non-seller (or a visitor) sees instead of the seller's tools (spec 2 section 2). */
export function BecomeSeller() {
  return (
    <section className={`card ${styles.becomeSeller}`} aria-labelledby="become-seller-title">
      <span className={styles.becomeSellerIcon} aria-hidden="true">
        🏷️
      </span>
      <h1 id="become-seller-title" className="page-title">
        Conviértete en vendedor
      </h1>
      <p>
        Para publicar tus coleccionables, crear subastas y venderlos con compra directa necesitas una cuenta
        de vendedor.
      </p>
      <p>
        Escríbenos a <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> y habilitaremos tu cuenta.
      </p>
      <Link to={paths.home.getHref()} className="btn">
        Volver al inicio
      </Link>
    </section>
  );
}
