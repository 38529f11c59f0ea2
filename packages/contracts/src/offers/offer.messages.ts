/** Offers a buyer may make for one product, whatever became of them. */
export const MAX_OFFERS_PER_PRODUCT = 3;
/** An offer or a counter-offer not answered within this window expires. */
export const OFFER_TTL_HOURS = 48;
/** An accepted offer's payment window: like a won item's, to pay at the agreed amount. */
export const OFFER_PAYMENT_HOURS = 48;

/** Spanish texts of offers on buy-now products (server answers and the web pages). */
export const offerMessages = {
  created: 'Oferta enviada al vendedor',
  autoAccepted: `¡Tu oferta fue aceptada! Tienes ${OFFER_PAYMENT_HOURS} horas para pagar.`,
  autoDeclined: 'El vendedor no acepta ofertas tan bajas. Prueba con un monto mayor.',
  accepted: 'Oferta aceptada',
  declined: 'Oferta rechazada',
  countered: 'Contraoferta enviada',
  limitReached: `Ya hiciste ${MAX_OFFERS_PER_PRODUCT} ofertas por este producto`,
  notOpen: 'Esta oferta ya no está abierta',
  waitingSeller: 'Esta oferta espera la respuesta del vendedor',
  waitingBuyer: 'Esta oferta espera la respuesta del comprador',
  notFound: 'No se encontró la oferta',
  productNotFound: 'No se encontró el producto',
  ownProduct: 'No puedes hacer ofertas por tu propio producto',
  notAccepting: 'Este producto no acepta ofertas',
  notAvailable: 'Este producto ya no está disponible',
  reservedByOther: 'Este producto está reservado por otro comprador',
  amountInvalid: 'Ingresa un monto válido en pesos',
  amountBelowPrice: 'La oferta debe ser menor que el precio de venta',
  counterAboveOffer: 'La contraoferta debe ser mayor que la oferta del comprador',
  messageTooLong: 'El mensaje puede tener como máximo 500 caracteres',
  autoAcceptInvalid: 'El precio de aceptación automática debe ser menor que el precio de venta',
  autoDeclineInvalid: 'El precio de rechazo automático debe ser menor que el precio de venta',
  autoOrder: 'El precio de rechazo automático debe ser menor que el de aceptación automática',
  // Web texts.
  pageTitle: 'Ofertas',
  makeOffer: 'Hacer una oferta',
  offerAmount: 'Tu oferta (COP)',
  offerMessage: 'Mensaje para el vendedor (opcional)',
  send: 'Enviar oferta',
  counterAmount: 'Contraoferta (COP)',
  sendCounter: 'Enviar contraoferta',
  accept: 'Aceptar',
  decline: 'Rechazar',
  counter: 'Contraofertar',
  pay: 'Ir a pagar',
  loading: 'Cargando ofertas…',
  loadError: 'No se pudieron cargar tus ofertas.',
  emptyBuyer:
    'Aún no has hecho ofertas. En los productos de compra directa que las aceptan verás "Hacer una oferta".',
  emptySeller: 'Aún no has recibido ofertas por tus productos.',
  made: 'Ofertas que hice',
  received: 'Ofertas recibidas',
  remaining: (n: number) =>
    n === 1 ? 'Te queda 1 oferta por este producto' : `Te quedan ${n} ofertas por este producto`,
  acceptsOffers: 'Acepta ofertas',
  autoAcceptPrice: 'Aceptar automáticamente desde (COP, opcional, privado)',
  autoDeclinePrice: 'Rechazar automáticamente por debajo de (COP, opcional, privado)',
} as const;

export const offerStatusLabels = {
  pending: 'Esperando al vendedor',
  countered: 'Contraoferta del vendedor',
  accepted: 'Aceptada',
  declined: 'Rechazada',
  expired: 'Vencida',
} as const;
