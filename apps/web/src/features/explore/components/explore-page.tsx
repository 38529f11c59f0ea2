import {
  BROWSE_KIND_LABELS,
  BROWSE_SORT_LABELS,
  BROWSE_SORTS,
  type BrowseResponse,
  type BrowseSort,
  type BrowseViewNames,
  CONDITION_LABELS,
  catalogMessages,
  formatCOP,
} from '@app/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useBrowse } from '../api/browse.ts';
import {
  activeFilterCount,
  type ExploreState,
  readExploreState,
  writeExploreState,
} from '../lib/explore-state.ts';
import styles from './explore.module.css';
import { ExploreCard } from './explore-card.tsx';
import { ExploreSearchForm } from './explore-search-form.tsx';
import { FilterPanel } from './filter-panel.tsx';

/** The cards of the first row on a phone (two columns): above the fold wherever the page is opened. */
const FIRST_ROW = 2;

/** Every filter let go (the sort stays). */
const NO_FILTERS: Partial<ExploreState> = {
  kind: 'all',
  q: '',
  category_id: undefined,
  brand_id: undefined,
  scale_id: undefined,
  condition: undefined,
  min_price: undefined,
  max_price: undefined,
};

interface Chip {
  label: string;
  remove: Partial<ExploreState>;
}

/** The removable chips of the filters in force, named with the facets' names. */
function chipsOf(state: ExploreState, facets: BrowseResponse['facets'] | undefined): Chip[] {
  const name = (list: { id: number; name: string }[] | undefined, id: number) =>
    list?.find((e) => e.id === id)?.name ?? `#${id}`;
  const chips: Chip[] = [];
  if (state.q.trim()) chips.push({ label: `“${state.q.trim()}”`, remove: { q: '' } });
  if (state.kind !== 'all') chips.push({ label: BROWSE_KIND_LABELS[state.kind], remove: { kind: 'all' } });
  if (state.category_id !== undefined)
    chips.push({
      label: name(facets?.category, state.category_id),
      remove: { category_id: undefined, brand_id: undefined },
    });
  if (state.brand_id !== undefined)
    chips.push({ label: name(facets?.brand, state.brand_id), remove: { brand_id: undefined } });
  if (state.scale_id !== undefined)
    chips.push({ label: name(facets?.scale, state.scale_id), remove: { scale_id: undefined } });
  if (state.condition)
    chips.push({ label: CONDITION_LABELS[state.condition], remove: { condition: undefined } });
  if (state.min_price !== undefined)
    chips.push({ label: `Desde ${formatCOP(state.min_price)}`, remove: { min_price: undefined } });
  if (state.max_price !== undefined)
    chips.push({ label: `Hasta ${formatCOP(state.max_price)}`, remove: { max_price: undefined } });
  return chips;
}

/** The names of the category, brand and scale the view filters on, from the facets. */
function namesOf(state: ExploreState, facets: BrowseResponse['facets'] | undefined): BrowseViewNames {
  const name = (list: { id: number; name: string }[] | undefined, id: number | undefined) =>
    id === undefined ? null : (list?.find((e) => e.id === id)?.name ?? null);
  return {
    category: name(facets?.category, state.category_id),
    brand: name(facets?.brand, state.brand_id),
    scale: name(facets?.scale, state.scale_id),
  };
}

/**
 * /explorar: what can be bought now, filtered and sorted. The whole view lives in the address
 * (each change is a history entry), so back and forward, a reload or a shared link show it again.
 * Filters sit in a sidebar on wide screens and in a dialog ('Filtros') on phones.
 */
export function ExplorePage({
  saveSlot,
}: {
  /** Beside the title (e.g. 'Guardar búsqueda'): given the view and the names of its filters. */
  saveSlot?: (state: ExploreState, names: BrowseViewNames) => ReactNode;
} = {}) {
  const [params, setParams] = useSearchParams();
  const state = readExploreState(params);
  const query = useBrowse(state);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const titleId = useId();
  // Time left counts minutes on the server's clock, like every other countdown.
  const now = useServerNow(30_000);

  const change = (patch: Partial<ExploreState>) => setParams(writeExploreState({ ...state, ...patch }));

  const first = query.data?.pages[0];
  const facets = first?.facets;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = first?.meta.total ?? 0;
  const chips = chipsOf(state, facets);
  const hrefOf = (patch: Partial<ExploreState>) => {
    const search = writeExploreState({ ...state, ...patch }).toString();
    return search ? `${paths.explore.path}?${search}` : paths.explore.path;
  };
  const formId = useId();

  let results: ReactNode;
  if (query.isPending) results = <Spinner label="Cargando productos..." />;
  else if (query.isError && !query.data)
    results = (
      <Alert kind="error" as="div">
        <p>{errorMessage(query.error, catalogMessages.loadError)}</p>
        <Button size="sm" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  else if (items.length === 0)
    results = (
      <div className="empty-state">
        <p>{catalogMessages.empty}</p>
        {chips.length > 0 ? (
          <LinkButton size="sm" to={hrefOf({ ...NO_FILTERS })}>
            Limpiar filtros
          </LinkButton>
        ) : null}
      </div>
    );
  else
    results = (
      <>
        <ul className={styles.grid} aria-label="Resultados">
          {items.map((item, index) => (
            <li key={item.product_id}>
              <ExploreCard item={item} now={now} priority={index < FIRST_ROW} />
            </li>
          ))}
        </ul>
        <LoadMore
          shown={`Mostrando ${items.length} de ${total}`}
          query={query}
          failed={catalogMessages.loadError}
        />
      </>
    );

  return (
    <section className="page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId} className="page-title">
          Explorar
        </h1>
        {saveSlot?.(state, namesOf(state, facets))}
      </div>
      <ExploreSearchForm key={state.q} state={state} onSearch={(q) => change({ q })} />
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label="Filtros">
          <h2 className={styles.sideTitle}>Filtros</h2>
          <FilterPanel state={state} facets={facets} onChange={change} formId={formId} />
        </aside>
        <div className={styles.main} aria-busy={query.isFetching}>
          <div className={styles.toolbar}>
            <Button
              className={styles.filtersButton}
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
            >
              Filtros{activeFilterCount(state) > 0 ? ` (${activeFilterCount(state)})` : ''}
            </Button>
            <p className={styles.count} aria-live="polite">
              {first ? `${total} ${total === 1 ? 'resultado' : 'resultados'}` : ''}
            </p>
            <label className={styles.sort}>
              <span>Ordenar por</span>
              <select
                className="select"
                name="sort"
                form={formId}
                value={state.sort}
                onChange={(event) => change({ sort: event.target.value as BrowseSort })}
              >
                {BROWSE_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {BROWSE_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {chips.length > 0 ? (
            <ul className={styles.chips} aria-label="Filtros aplicados">
              {chips.map((chip) => (
                <li key={chip.label}>
                  <Link
                    className={styles.chip}
                    aria-label={`Quitar filtro ${chip.label}`}
                    to={hrefOf(chip.remove)}
                  >
                    {chip.label} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {results}
        </div>
      </div>
      <Modal
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title="Filtros"
        className={styles.drawer}
        footer={
          <Button variant="primary" onClick={() => setDrawerOpen(false)}>
            Ver {total} {total === 1 ? 'resultado' : 'resultados'}
          </Button>
        }
      >
        <FilterPanel state={state} facets={facets} onChange={change} />
      </Modal>
    </section>
  );
}
