import { formatNumber } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './users.module.css';

export interface ActivityStatsProps {
  totalBids: number;
  totalWins: number;
  /** Seller-only counters; omitted for buyers. */
  seller?: { activeListings: number; totalSales: number; salesHref: string; paymentsHref: string };
}

function Stat({ value, label, to }: { value: ReactNode; label: string; to?: string }) {
  const content = (
    <>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={styles.stat}>
          {content}
        </Link>
      ) : (
        <div className={styles.stat}>{content}</div>
      )}
    </li>
  );
}

/** Activity counters of the profile page. */
export function ActivityStats({ totalBids, totalWins, seller }: ActivityStatsProps) {
  return (
    <section className="card" aria-labelledby="activity-title">
      <h2 id="activity-title" className={styles.sectionTitle}>
        Actividad
      </h2>
      <ul className={styles.stats}>
        <Stat value={formatNumber(totalBids)} label="Pujas realizadas" />
        <Stat value={formatNumber(totalWins)} label="Subastas ganadas" />
        {seller && (
          <>
            <Stat value={formatNumber(seller.activeListings)} label="Publicaciones activas" />
            <Stat value={formatNumber(seller.totalSales)} label="Ventas totales" to={seller.salesHref} />
            <li>
              <Link to={seller.paymentsHref} className={styles.stat}>
                <span className={styles.settingTitle}>Administrar Pagos</span>
                <span className={styles.statLabel}>Cuenta bancaria y pagos recibidos</span>
              </Link>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
