import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './load-more.module.css';

/**
 * Under a list that grows a page at a time: how many are shown, why the next page failed (the
 * pages already shown stay), and 'Cargar más' while there is more.
 */
export function LoadMore({
  shown,
  error,
  hasMore,
  loading,
  onMore,
}: {
  /** 'Mostrando 12 de 40 productos', read out as it changes. */
  shown: ReactNode;
  /** The failed next page's message, if it failed. */
  error?: string;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div className={styles.loadMore}>
      <p className="muted" aria-live="polite">
        {shown}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {hasMore ? (
        <Button variant="primary" onClick={onMore} busy={loading}>
          {loading ? 'Cargando...' : 'Cargar más'}
        </Button>
      ) : null}
    </div>
  );
}
