import { useId } from 'react';
import { LinkButton } from '../../../components/ui/button.tsx';
import { CONTACT_EMAIL, paths } from '../../../config/paths.ts';
import styles from './become-seller.module.css';

/** What a non-seller (or a visitor) sees instead of the seller's tools. */
export function BecomeSeller() {
  const titleId = useId();
  return (
    <section className={`card ${styles.becomeSeller}`} aria-labelledby={titleId}>
      <svg className={styles.becomeSellerIcon} viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          fill="currentColor"
          d="M21.4 11.6 12.4 2.6A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .55.22 1.05.59 1.42l9 9a2 2 0 0 0 2.82 0l7-7a2 2 0 0 0 0-2.82ZM6.5 8A1.5 1.5 0 1 1 6.5 5a1.5 1.5 0 0 1 0 3Z"
        />
      </svg>
      <h1 id={titleId} className="page-title">
        Conviértete en vendedor
      </h1>
      <p>
        Para publicar tus coleccionables, crear subastas y venderlos con compra directa necesitas una cuenta
        de vendedor.
      </p>
      <p>
        Escríbenos a <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> y habilitaremos tu cuenta.
      </p>
      <LinkButton to={paths.home.getHref()}>Volver al inicio</LinkButton>
    </section>
  );
}
