import { ENDING_SOON_MS } from './watchlist.schemas.ts';

export const watchlistMessages = {
  added: 'Agregado a Favoritos',
  removed: 'Eliminado de Favoritos',
  productNotFound: 'No se encontró el producto',
  // Client texts.
  title: 'Favoritos',
  empty: 'Aún no tienes productos en Favoritos. Toca el corazón de un producto para seguirlo.',
  loadError: 'Error al cargar tus favoritos. Por favor, intenta nuevamente.',
  toggleError: 'No se pudo actualizar Favoritos. Por favor, intenta nuevamente.',
  add: (name: string) => `Agregar "${name}" a Favoritos`,
  remove: (name: string) => `Quitar "${name}" de Favoritos`,
  endingSoonTitle: 'Un favorito está por terminar',
  endingSoon: (name: string) => `"${name}" termina en ${ENDING_SOON_MS / 60_000} minutos. ¡Aún puedes pujar!`,
} as const;
