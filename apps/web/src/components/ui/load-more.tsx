import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import styles from './load-more.module.css';

/** What LoadMore reads of a TanStack infinite query. */
interface PagedQuery {
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Under a list that grows a page at a time: how many are shown, why the next page failed (the
 * pages already shown stay), and 'Cargar más' while there is more.
 */
export function LoadMore({
  shown,
  query,
  failed,
}: {
  /** 'Mostrando 12 de 40 productos', read out as it changes. */
  shown: ReactNode;
  query: PagedQuery;
  /** The message when the next page failed and the server gave none. */
  failed: string;
}) {
  return (
    <div className={styles.loadMore}>
      <p className="muted" aria-live="polite">
        {shown}
      </p>
      {query.isFetchNextPageError ? (
        <p className="field-error" role="alert">
          {errorMessage(query.error, failed)}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="primary" onClick={() => void query.fetchNextPage()} busy={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
        </Button>
      ) : null}
    </div>
  );
}
