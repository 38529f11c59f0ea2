/** Auction messages the server sends where no text is prescribed. */
export const auctionMessages = {
  created: '¡Subasta creada exitosamente!',
  activated: 'Subasta activada exitosamente',
  notFound: 'No se encontró la subasta',
  noAuctionInfo: 'No se pudo obtener información de la subasta',
  productNotFound: 'No se encontró el producto',
  onlyUpcoming: 'Solo se pueden activar subastas que aún no han comenzado',
  productsUnavailable:
    'Algunos productos seleccionados no están disponibles: deben ser tuyos, estar disponibles y no pertenecer a otra subasta',
  // Client-side texts of the auction pages.
  listError: 'Error al cargar las subastas. Por favor, intenta nuevamente.',
  listEmpty: 'No hay subastas disponibles en este momento.',
  createError: 'Error al crear la subasta. Por favor, inténtelo de nuevo.',
  activateError: 'Error al activar la subasta. Por favor, inténtelo de nuevo.',
  productsLoadError: 'No se pudieron cargar los productos seleccionados. Por favor, inténtelo de nuevo.',
  myAuctionsError: 'Failed to fetch auctions. Please try again later.',
  productPageError: 'Error al cargar los detalles del producto',
  auctionProductsError: 'Error al cargar los datos de la subasta. Por favor, intenta nuevamente.',
} as const;
