/**
 * Spanish texts of the operator console, invitations and reports: what the server answers and
 * what the web pages show. Kept apart from the schemas so a page loads the texts without zod.
 */

/** How long an invitation link is good for. */
export const INVITATION_TTL_DAYS = 7;

export const adminMessages = {
  // Access.
  operatorOnly: 'Solo los operadores de Coleccionables pueden realizar esta acción.',
  suspended: 'Tu cuenta está suspendida. Escríbenos a soporte para más información.',

  // Invitations.
  invitationCreated: 'Invitación creada. Comparte el enlace con la persona invitada.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  usernameTaken: 'Ese nombre de usuario ya está en uso.',
  usernameRequired: 'El nombre de usuario es obligatorio',
  usernameInvalid: 'El nombre de usuario debe tener de 3 a 30 letras, números, "_", "." o "-", sin espacios.',
  invitationNotFound: 'Esta invitación no existe. Revisa que el enlace esté completo o pide una nueva.',
  invitationUsed:
    'Esta invitación ya fue usada. Si ya elegiste tu contraseña, inicia sesión con tu correo electrónico.',
  invitationExpired: `Esta invitación expiró (los enlaces duran ${INVITATION_TTL_DAYS} días). Pide al equipo de Coleccionables una nueva.`,
  invitationAccepted: '¡Bienvenido a Coleccionables! Tu contraseña quedó guardada.',
  invitationTitle: 'Elige tu contraseña',
  invitationIntro: (username: string) =>
    `Hola, ${username}. Elige una contraseña para entrar a Coleccionables.`,
  invitationSubmit: 'Guardar contraseña y entrar',
  invitationLoadError: 'No se pudo cargar la invitación. Por favor, intenta nuevamente.',

  // Payouts.
  payoutIdsRequired: 'Selecciona al menos un pago',
  payoutIdsTooMany: 'Puedes marcar como máximo 200 pagos a la vez',
  referenceRequired: 'La referencia de la transferencia es obligatoria',
  payoutNotFound: (id: string) => `No se encontró el pago ${id}.`,
  payoutNotPayable: (id: string, productName: string, status: string) =>
    `El pago ${id} ("${productName}") no está disponible para pago (estado: ${status}). No se marcó ningún pago.`,
  payoutNoBankAccount: (id: string, sellerUsername: string) =>
    `El vendedor ${sellerUsername} no tiene cuenta bancaria registrada (pago ${id}). No se marcó ningún pago.`,
  payoutsMarkedPaid: (count: number) =>
    count === 1 ? '1 pago marcado como pagado.' : `${count} pagos marcados como pagados.`,
  payoutPaidTitle: 'Te enviamos un pago',
  payoutPaid: (amount: string, productName: string, reference: string) =>
    `Transferimos ${amount} por la venta de "${productName}". Referencia de la transferencia: ${reference}.`,

  // Reports.
  reportCreated: 'Gracias por avisarnos. Nuestro equipo revisará tu denuncia.',
  reportDuplicate: 'Ya enviaste una denuncia sobre esto y la estamos revisando.',
  reportTargetNotFound: 'No se encontró lo que quieres denunciar.',
  reportOwnTarget: 'No puedes denunciar tu propia cuenta ni tus propias publicaciones.',
  reportReasonRequired: 'Selecciona el motivo de la denuncia',
  reportNotFound: 'No se encontró la denuncia.',
  reportAlreadyResolved: 'Esta denuncia ya fue resuelta.',
  reportActionNotApplicable: 'Esa acción no aplica a lo denunciado.',
  reportResolved: 'Denuncia resuelta.',
  noteRequired: 'La nota es obligatoria',
  reportButton: 'Denunciar',

  // Takedown and suspension.
  reasonRequired: 'El motivo es obligatorio',
  productTakenDown: 'Este producto fue retirado',
  productNotFound: 'No se encontró el producto.',
  productSoldCannotTakeDown: 'Este producto ya se vendió y no se puede retirar.',
  productAlreadyTakenDown: 'Este producto ya fue retirado.',
  takedownDone: 'Producto retirado.',
  takedownOwnerTitle: 'Retiramos una de tus publicaciones',
  takedownOwner: (productName: string, reason: string) =>
    `Retiramos "${productName}" de Coleccionables. Motivo: ${reason}`,
  takedownBidderTitle: 'Un producto en el que pujaste fue retirado',
  takedownBidder: (productName: string) =>
    `"${productName}" fue retirado de la subasta y tus pujas quedaron anuladas. No se te cobrará nada.`,
  takedownWatcherTitle: 'Un favorito fue retirado',
  takedownWatcher: (productName: string) => `"${productName}" fue retirado de Coleccionables.`,
  userNotFound: 'No se encontró el usuario.',
  userAlreadySuspended: 'Esta cuenta ya está suspendida.',
  userNotSuspended: 'Esta cuenta no está suspendida.',
  cannotSuspendSelf: 'No puedes suspender tu propia cuenta.',
  cannotSuspendOperator: 'No puedes suspender a otro operador. Quítale primero el rol de operador.',
  userSuspended: (username: string) => `La cuenta de ${username} quedó suspendida.`,
  userReinstated: (username: string) => `La cuenta de ${username} quedó reactivada.`,

  // Console (web).
  consoleTitle: 'Administración',
  tabs: {
    summary: 'Resumen',
    payouts: 'Pagos',
    claims: 'Reclamos',
    reports: 'Denuncias',
    users: 'Usuarios',
    audit: 'Registro',
  },
  statsLoadError: 'Error al cargar el resumen. Por favor, intenta nuevamente.',
  payoutsLoadError: 'Error al cargar los pagos. Por favor, intenta nuevamente.',
  reportsLoadError: 'Error al cargar las denuncias. Por favor, intenta nuevamente.',
  usersLoadError: 'Error al cargar los usuarios. Por favor, intenta nuevamente.',
  auditLoadError: 'Error al cargar el registro. Por favor, intenta nuevamente.',
  payoutsEmpty: 'No hay pagos en este estado.',
  reportsEmpty: 'No hay denuncias en este estado.',
  usersEmpty: 'No se encontraron usuarios.',
  auditEmpty: 'Aún no hay acciones registradas.',
  noBankAccount: 'Sin cuenta bancaria',
  exportCsv: 'Exportar CSV',
  /** The console's held total: held until delivery and then through the claim window. */
  heldTotal: 'Retenido (entrega y reclamos)',
  markPaid: 'Marcar como pagados',
  inviteTitle: 'Invitar a una persona',
  inviteSubmit: 'Crear invitación',
} as const;

/** Labels of report reasons. */
export const reportReasonLabels = {
  fraude: 'Fraude o estafa',
  prohibido: 'Artículo prohibido',
  contacto: 'Pide contacto por fuera de Coleccionables',
  ofensivo: 'Contenido ofensivo',
  otro: 'Otro motivo',
} as const;

/** Labels of what a report is about. */
export const reportTargetLabels = {
  product: 'Producto',
  user: 'Usuario',
  question: 'Pregunta',
} as const;

/** Labels of the ways an operator resolves a report. */
export const reportActionLabels = {
  dismiss: 'Descartar',
  takedown: 'Retirar el producto',
  suspend: 'Suspender la cuenta',
} as const;

/** Labels of the audit's actions. */
export const auditActionLabels = {
  invite: 'Invitación',
  mark_paid: 'Pagos marcados como pagados',
  takedown: 'Producto retirado',
  suspend: 'Cuenta suspendida',
  reinstate: 'Cuenta reactivada',
  resolve_report: 'Denuncia resuelta',
  resolve_claim: 'Reclamo resuelto',
  clear_strikes: 'Compras sin pagar borradas',
  confirm_signal: 'Par de pujas infladas confirmado',
  retry_refund: 'Reembolso reintentado',
} as const;

/** Labels of a payout's state in the console. */
export const adminPayoutStatusLabels = {
  held: 'Retenido',
  payable: 'Por pagar',
  paid: 'Pagado',
  cancelled: 'Cancelado: reembolsado al comprador',
} as const;

/** Labels of an account's state. */
export const userStatusLabels = {
  active: 'Activa',
  suspended: 'Suspendida',
} as const;
