/** What buyers, sellers and operators read about strikes, blocked buyers and shill signals. */
export const trustMessages = {
  struckOut: 'Tu cuenta tiene 3 compras ganadas sin pagar en el último año. Escríbenos a soporte.',
  buyerBlocked: 'El vendedor no acepta pujas ni compras de tu cuenta',
  usernameRequired: 'Escribe el nombre de usuario',
  userNotFound: 'No encontramos ese usuario',
  notBlocked: 'Ese usuario no está en tu lista de bloqueados',
  cannotBlockSelf: 'No puedes bloquearte a ti mismo',
  blockedDone: (username: string) => `${username} ya no puede pujar, comprar ni preguntar en tus productos`,
  unblockedDone: (username: string) =>
    `${username} ya puede volver a pujar, comprar y preguntar en tus productos`,
  strikesCleared: (username: string) => `Se borraron las compras sin pagar de ${username}`,
  pairConfirmed: (voided: number) =>
    voided === 1
      ? 'Par confirmado: se anuló 1 puja en las subastas en curso del vendedor'
      : `Par confirmado: se anularon ${voided} pujas en las subastas en curso del vendedor`,
  pairNotFound: 'Ese vendedor o ese postor no existe',
  pairSelf: 'El vendedor y el postor deben ser cuentas distintas',
  strikeNoticeTitle: 'Compra ganada vencida sin pago',
  strikeNotice: (productName: string, strikes: number) =>
    `El plazo para pagar "${productName}" terminó y la compra se anuló. Esto suma una compra ganada sin pagar a tu cuenta (${strikes} en el último año); con 3 no podrás pujar ni comprar.`,
  // Seller settings
  blockedTitle: 'Compradores bloqueados',
  blockedIntro:
    'Un usuario bloqueado no puede pujar, comprar, hacer ofertas ni preguntar en tus productos. Sus pujas ya hechas se mantienen.',
  blockedEmpty: 'No has bloqueado a nadie.',
  blockedLoadError: 'No pudimos cargar tu lista de bloqueados.',
  blockLabel: 'Nombre de usuario',
  blockAction: 'Bloquear',
  unblockAction: (username: string) => `Desbloquear a ${username}`,
  unblock: 'Desbloquear',
  blockedSince: (date: string) => `Bloqueado desde ${date}`,
} as const;

/** The operator console's 'Señales' tab. */
export const signalMessages = {
  tab: 'Señales',
  intro:
    'Posibles pujas infladas: postores que comparten dirección de red con el vendedor, o que pujan casi solo por un vendedor sin ganar nunca. Una dirección compartida no prueba nada por sí sola: muchos barrios salen a internet por la misma dirección del operador móvil.',
  empty: 'No hay señales.',
  loadError: 'No pudimos cargar las señales.',
  sharedAddress: 'Dirección compartida',
  concentration: 'Pujas concentradas',
  addresses: 'Direcciones',
  bidsShare: (toSeller: number, total: number, percent: number) =>
    `${toSeller} de ${total} pujas (${percent}%) en productos de este vendedor, sin ganar nunca`,
  products: 'Productos',
  confirm: 'Confirmar par',
  confirmed: 'Par confirmado',
  confirmQuestion: (seller: string, bidder: string) =>
    `¿Confirmar que ${bidder} puja por cuenta de ${seller}? Se anularán sus pujas en las subastas en curso del vendedor y sus compras saldrán del historial de precios.`,
  takedown: 'Retirar producto',
  suspendSeller: 'Suspender vendedor',
  suspendBidder: 'Suspender postor',
  seller: 'Vendedor',
  bidder: 'Postor',
} as const;
