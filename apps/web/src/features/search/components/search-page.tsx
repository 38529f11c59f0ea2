import { SearchTermSchema, searchMessages } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
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
      <Alert kind="info" role="status">
        {parsed.error.issues[0]?.message ?? searchMessages.emptyTerm}
      </Alert>
    );
  } else if (search.isPending) {
    body = <Spinner label="Buscando..." />;
  } else if (search.isError) {
    body = (
      <Alert kind="error" as="div">
        <p>{errorMessage(search.error, searchMessages.failed)}</p>
        <Button size="sm" onClick={() => search.refetch()}>
          Reintentar
        </Button>
      </Alert>
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
            Resultados para: <strong>{term}</strong>{' '}
            <Link to={paths.explore.getHref(new URLSearchParams({ q: term }).toString())}>
              Ver todo en Explorar
            </Link>
          </p>
        ) : null}
      </header>
      {body}
    </section>
  );
}
