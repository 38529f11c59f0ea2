import type { PageMeta } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import styles from './admin.module.css';

type Page<T> = { items: T[]; meta: PageMeta };

/**
 * A console queue of things to resolve (claims, reports): a state filter, the list with its
 * loading, error and empty states, the pager, the resolve dialog of the chosen item and the
 * notice it leaves behind.
 */
export function ResolutionQueue<F extends string, T extends { id: number }>({
  filters,
  initialFilter,
  useItems,
  texts,
  renderItem,
  renderResolve,
}: {
  /** Each filter and its label ('Abiertas'). */
  filters: Record<F, string>;
  initialFilter: F;
  /** The list's query hook (one per queue, the same on every render). */
  useItems: (filter: F, page: number) => UseQueryResult<Page<T>>;
  texts: {
    loading: string;
    loadError: string;
    empty: (filter: F) => string;
    /** The list's accessible name, given the filter's label. */
    listLabel: (filterLabel: string) => string;
    pagerLabel: string;
  };
  renderItem: (item: T, onResolve: () => void) => ReactNode;
  renderResolve: (item: T, onDone: (message: string) => void, onClose: () => void) => ReactNode;
}) {
  const [filter, setFilter] = useState<F>(initialFilter);
  const [page, setPage] = useState(1);
  const query = useItems(filter, page);
  const [resolving, setResolving] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let list: ReactNode;
  if (query.isPending) list = <Spinner label={texts.loading} />;
  else if (query.isError)
    list = (
      <LoadFailure
        message={errorMessage(query.error, texts.loadError)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.items.length === 0) list = <p className="empty-state">{texts.empty(filter)}</p>;
  else
    list = (
      <>
        <ul className={styles.records} aria-label={texts.listLabel(filters[filter])}>
          {query.data.items.map((item) =>
            renderItem(item, () => {
              setNotice(null);
              setResolving(item);
            }),
          )}
        </ul>
        <Pager meta={query.data.meta} onPage={setPage} busy={query.isFetching} label={texts.pagerLabel} />
      </>
    );

  return (
    <>
      <div className={styles.toolbar}>
        <FormField label="Estado" className={styles.filter}>
          <select
            className="select"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as F);
              setPage(1);
              setNotice(null);
            }}
          >
            {(Object.keys(filters) as F[]).map((f) => (
              <option key={f} value={f}>
                {filters[f]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {notice && (
        <Alert kind="success" takeFocus>
          {notice}
        </Alert>
      )}
      {list}
      {resolving &&
        renderResolve(
          resolving,
          (message) => {
            setResolving(null);
            setNotice(message);
          },
          () => setResolving(null),
        )}
    </>
  );
}
