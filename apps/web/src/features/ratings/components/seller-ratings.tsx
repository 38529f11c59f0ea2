import { formatLongDate, ratingMessages as m } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { useSellerRatings } from '../api/ratings.ts';
import styles from './ratings.module.css';

const PAGE_SIZE = 5;

/** Buyers' ratings of a seller, newest first, five at a time. */
export function SellerRatings({ username }: { username: string }) {
  const [page, setPage] = useState(1);
  const query = useSellerRatings(username, page, PAGE_SIZE);
  if (query.isPending) return <Spinner label="Cargando calificaciones..." />;
  if (query.isError) return <Alert kind="error">{m.loadError}</Alert>;
  const { items, meta } = query.data;
  if (items.length === 0) return <p className="empty-state">{m.empty}</p>;
  return (
    <div className="stack">
      <ul className={styles.list} aria-label="Calificaciones del vendedor">
        {items.map((r) => (
          <li key={`${r.buyer_username}-${r.created_at}`} className={`card ${styles.item}`}>
            <div className={styles.itemHead}>
              <Stars score={r.score} />
              <span className="muted">{formatLongDate(r.created_at)}</span>
            </div>
            {r.comment && <p className={styles.comment}>{r.comment}</p>}
            <p className="muted">
              Por <Link to={`/profile/${encodeURIComponent(r.buyer_username)}`}>@{r.buyer_username}</Link>
            </p>
          </li>
        ))}
      </ul>
      <Pager meta={meta} onPage={setPage} busy={query.isFetching} label="Páginas de calificaciones" />
    </div>
  );
}
