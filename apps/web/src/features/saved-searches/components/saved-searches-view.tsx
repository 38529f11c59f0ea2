import {
  browseViewSummary,
  formatLongDate,
  savedSearchMessages as m,
  type SavedSearch,
} from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches.ts';
import styles from './saved-searches.module.css';

function Row({ search, onDelete }: { search: SavedSearch; onDelete: () => void }) {
  const chips = browseViewSummary(search.filters, search.names);
  const titleId = `saved-search-${search.id}`;
  return (
    <li className={`card ${styles.item}`} aria-labelledby={titleId}>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.name}>
          {search.name}
        </h2>
        {chips.length > 0 ? (
          <ul className={styles.chips} aria-label="Filtros">
            {chips.map((chip) => (
              <li key={chip} className={styles.chip}>
                {chip}
              </li>
            ))}
          </ul>
        ) : (
          <p className={`muted ${styles.meta}`}>{m.allProducts}</p>
        )}
        <p className={`muted ${styles.meta}`}>Guardada el {formatLongDate(search.created_at)}</p>
      </div>
      <div className={styles.actions}>
        <Link className="btn btn-primary btn-sm" to={search.link} aria-describedby={titleId}>
          Ver resultados
        </Link>
        <Button size="sm" variant="danger" onClick={onDelete} aria-describedby={titleId}>
          Eliminar
        </Button>
      </div>
    </li>
  );
}

/** 'Búsquedas guardadas': each saved view with its filters, a link to it and 'Eliminar'. */
export function SavedSearchesView() {
  const query = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const toast = useToast();
  const [pending, setPending] = useState<SavedSearch | null>(null);

  if (query.isPending) return <Spinner label="Cargando búsquedas guardadas..." />;
  if (query.isError)
    return (
      <Alert kind="error" as="div">
        <p>{errorMessage(query.error, m.loadError)}</p>
        <Button size="sm" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );

  const close = () => {
    setPending(null);
    remove.reset();
  };
  const confirm = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        close();
        toast.success(m.deleted);
      },
    });
  };

  return (
    <>
      {query.data.items.length === 0 ? (
        <div className="empty-state">
          <p>{m.empty}</p>
          <Link className="btn btn-primary btn-sm" to={paths.explore.getHref()}>
            Ir a Explorar
          </Link>
        </div>
      ) : (
        <ul className={styles.list}>
          {query.data.items.map((search) => (
            <Row key={search.id} search={search} onDelete={() => setPending(search)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Eliminar búsqueda"
        message={`¿Eliminar la búsqueda "${pending?.name ?? ''}"? Dejarás de recibir avisos de nuevos resultados.`}
        confirmLabel="Eliminar"
        danger
        pending={remove.isPending}
        pendingLabel="Eliminando..."
        error={remove.isError ? errorMessage(remove.error, m.deleteError) : null}
        onConfirm={confirm}
        onCancel={close}
      />
    </>
  );
}
