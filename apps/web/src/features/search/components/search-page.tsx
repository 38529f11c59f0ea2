import { SearchTermSchema, searchMessages } from '@app/contracts';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSearch } from '../api/search.ts';
import styles from './search.module.css';
import { SearchResults } from './search-results.tsx';

/** /search?query=: 'Resultados de búsqueda' for `query` (null when the parameter is missing). */
export function SearchPage({ query }: { query: string | null }) {
  const parsed = SearchTermSchema.safeParse(query ?? '');
  const term = parsed.success ? parsed.data : null;
  const search = useSearch(term);

  let body: ReactNode;
  if (!parsed.success) {
    // Empty or too long: said right away, without asking the server.
    body = (
      <p className="alert alert-info" role="status">
        {parsed.error.issues[0]?.message ?? searchMessages.emptyTerm}
      </p>
    );
  } else if (search.isPending) {
    body = <Spinner label="Buscando..." />;
  } else if (search.isError) {
    body = (
      <div className="alert alert-error" role="alert">
        <p>{errorMessage(search.error, searchMessages.failed)}</p>
        <button type="button" className="btn btn-sm" onClick={() => search.refetch()}>
          Reintentar
        </button>
      </div>
    );
  } else {
    body = <SearchResults term={term!} result={search.data} />;
  }

  return (
    <section className="page" aria-busy={search.isFetching}>
      <header className={styles.header}>
        <h1 className="page-title">Resultados de búsqueda</h1>
        {term ? (
          <p className={styles.term}>
            Resultados para: <strong>{term}</strong>
          </p>
        ) : null}
      </header>
      {body}
    </section>
  );
}
