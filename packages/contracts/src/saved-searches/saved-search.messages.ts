/** Texts of saved searches: the calls' messages, the notification and the pages' states. */
export const savedSearchMessages = {
  nameRequired: 'El nombre es obligatorio',
  nameTooLong: 'El nombre no puede superar 60 caracteres',
  filtersRequired: 'Los filtros de la búsqueda son obligatorios',
  limitReached: 'Ya tienes 20 búsquedas guardadas. Elimina alguna para guardar otra.',
  notFound: 'No se encontró la búsqueda guardada',
  saved: 'Búsqueda guardada',
  deleted: 'Búsqueda eliminada',
  matchTitle: 'Nuevos resultados en una búsqueda guardada',
  /** '3 nuevos resultados para "Hot Wheels 1:64"'; one: '1 nuevo resultado para "…"'. */
  match: (count: number, name: string) =>
    count === 1 ? `1 nuevo resultado para "${name}"` : `${count} nuevos resultados para "${name}"`,
  // Client texts.
  title: 'Búsquedas guardadas',
  save: 'Guardar búsqueda',
  empty:
    'Aún no tienes búsquedas guardadas. Guarda una desde Explorar para enterarte de los nuevos resultados.',
  loadError: 'No se pudieron cargar tus búsquedas guardadas. Por favor, intenta nuevamente.',
  saveError: 'No se pudo guardar la búsqueda. Por favor, intenta nuevamente.',
  deleteError: 'No se pudo eliminar la búsqueda. Por favor, intenta nuevamente.',
  allProducts: 'Todos los productos',
} as const;

/** How many searches one user may keep. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 60;
