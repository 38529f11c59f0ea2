import {
  BROWSE_KINDS,
  BROWSE_SORTS,
  type BrowseKind,
  type BrowseSort,
  browseViewParams,
  DEFAULT_BROWSE_SORT,
  PRODUCT_CONDITIONS,
  type ProductCondition,
} from '@app/contracts';

/** Everything that decides the view: kept in the address, so a link or a reload shows the same. */
export interface ExploreState {
  kind: BrowseKind;
  q: string;
  category_id?: number;
  brand_id?: number;
  scale_id?: number;
  condition?: ProductCondition;
  min_price?: number;
  max_price?: number;
  sort: BrowseSort;
}

const FILTER_KEYS = [
  'kind',
  'q',
  'category_id',
  'brand_id',
  'scale_id',
  'condition',
  'min_price',
  'max_price',
] as const;

const id = (text: string | null) =>
  text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
const price = (text: string | null) => (text && /^\d{1,11}$/.test(text) ? Number(text) : undefined);
const oneOf = <T extends string>(list: readonly T[], text: string | null): T | undefined =>
  list.includes(text as T) ? (text as T) : undefined;

/** The view an address asks for; anything malformed is left out rather than refused. */
export function readExploreState(params: URLSearchParams): ExploreState {
  const state: ExploreState = {
    kind: oneOf(BROWSE_KINDS, params.get('kind')) ?? 'all',
    q: (params.get('q') ?? '').slice(0, 100),
    category_id: id(params.get('category_id')),
    brand_id: id(params.get('brand_id')),
    scale_id: id(params.get('scale_id')),
    condition: oneOf(PRODUCT_CONDITIONS, params.get('condition')),
    min_price: price(params.get('min_price')),
    max_price: price(params.get('max_price')),
    sort: oneOf(BROWSE_SORTS, params.get('sort')) ?? DEFAULT_BROWSE_SORT,
  };
  // A reversed range would be refused by the server: keep the lower bound only.
  if (state.min_price !== undefined && state.max_price !== undefined && state.min_price > state.max_price)
    state.max_price = undefined;
  return state;
}

/** The address of a view: defaults left out, in a fixed order, so equal views share one address. */
export function writeExploreState(state: ExploreState): URLSearchParams {
  return browseViewParams(state);
}

/** The browse call's parameters for a view. */
export function browseParams(state: ExploreState) {
  const { q, ...rest } = state;
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries({ ...rest, ...(q.trim() ? { q: q.trim() } : {}) }))
    if (value !== undefined) query[key] = value;
  return query;
}

/** How many filters narrow the view (the phone's 'Filtros' button shows it). */
export function activeFilterCount(state: ExploreState): number {
  return FILTER_KEYS.filter((key) =>
    key === 'kind' ? state.kind !== 'all' : key === 'q' ? !!state.q.trim() : state[key] !== undefined,
  ).length;
}
