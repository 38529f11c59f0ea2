/** Texts of browsing ('Explorar'): the call's validation messages and the page's states. */
export const catalogMessages = {
  kindInvalid: 'El tipo debe ser subasta, compra directa o todos',
  sortInvalid: 'El orden seleccionado no es válido',
  idInvalid: 'El filtro seleccionado no es válido',
  conditionInvalid: 'El estado seleccionado no es válido',
  priceInvalid: 'El precio debe ser un número entero de pesos mayor o igual a 0',
  priceRange: 'El precio mínimo no puede ser mayor que el precio máximo',
  termTooLong: 'La búsqueda no puede superar 100 caracteres',
  cursorInvalid: 'La página pedida no es válida; vuelve a empezar la búsqueda',
  loadError: 'No se pudieron cargar los productos. Por favor, intenta nuevamente.',
  empty: 'No hay productos que coincidan con estos filtros.',
  soldTitle: 'Vendidos recientemente',
  soldEmpty: 'Aún no hay ventas de productos similares en el último año.',
  soldLoadError: 'No se pudieron cargar las ventas recientes. Por favor, intenta nuevamente.',
} as const;

/** Sales listed by the sold-prices answer (its stats count them all). */
export const SOLD_ITEMS_LIMIT = 50;
/** How far back sales count, in days. */
export const SOLD_WINDOW_DAYS = 365;

/** What the browse list can be ordered by, with the sort control's labels. */
export const BROWSE_SORTS = ['ending_soon', 'newest', 'price_asc', 'price_desc', 'most_bids'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
  ending_soon: 'Terminan pronto',
  newest: 'Más recientes',
  price_asc: 'Menor precio',
  price_desc: 'Mayor precio',
  most_bids: 'Más pujas',
};
export const DEFAULT_BROWSE_SORT: BrowseSort = 'newest';

export const BROWSE_KINDS = ['all', 'auction', 'buy_now'] as const;
export type BrowseKind = (typeof BROWSE_KINDS)[number];
export const BROWSE_KIND_LABELS: Record<BrowseKind, string> = {
  all: 'Todos',
  auction: 'Subastas',
  buy_now: 'Compra directa',
};

export const BROWSE_PAGE_SIZE = 24;
