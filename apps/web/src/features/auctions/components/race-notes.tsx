import { formatNumber } from '@app/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './auctions.module.css';

/** Shown to the winner once the race has ended: the payment waits on their won auctions. */
export function WonNote() {
  return (
    <Alert kind="success" as="div" data-testid="won-note">
      <p className="flush">
        <strong>¡Ganaste esta subasta!</strong> Revisa el pago en{' '}
        <Link to={paths.wonAuctions.getHref()}>Mis Subastas Ganadas</Link>.
      </p>
    </Alert>
  );
}

/** The auction's bid increments (a maximum only when the seller set one). */
export function IncrementNotes({ minOffer, maxOffer }: { minOffer: number; maxOffer: number }) {
  return (
    <ul className={styles.notes}>
      <li>Incremento mínimo de puja: ${formatNumber(minOffer)}</li>
      {maxOffer > 0 ? <li>Incremento máximo de puja: ${formatNumber(maxOffer)}</li> : null}
    </ul>
  );
}
